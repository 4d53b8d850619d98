import { describe, expect, it } from 'vitest';
import { previewKindOf } from '@/components/file-preview/preview-kind';

describe('which viewer a file opens in', () => {
  it.each([
    ['合同.PDF', 'pdf'],
    ['通知.docx', 'docx'],
    ['预算.xlsx', 'xlsx'],
    // legacy and WPS formats go to the server's LibreOffice conversion
    ['旧公文.doc', 'converted'],
    ['报表.xls', 'converted'],
    ['汇报.pptx', 'converted'],
    ['公文.wps', 'converted'],
    ['表格.et', 'converted'],
    ['演示.dps', 'converted'],
    ['现场.JPG', 'image'],
    ['图标.svg', 'image'],
    ['日志.txt', 'text'],
    ['安装包.zip', 'none'],
    ['没有扩展名', 'none'],
  ])('%s → %s', (name, kind) => {
    expect(previewKindOf(name)).toBe(kind);
  });
});
