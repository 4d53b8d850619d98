import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { PREVIEW_PDF_PATH } from '../../contract/preview';
import { drivers, useServer, type ServerContext } from './support/server';

const fixture = (name: string) => fs.readFile(path.resolve('tests/fixtures/preview', name));
/** LibreOffice's first start in a new profile takes seconds, more on a busy machine */
const CONVERSION_MS = 120_000;

function previewClient(ctx: ServerContext) {
  const upload = async (user: string, bytes: Buffer, name: string) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), name);
    const answer = await (await ctx.as(user)).post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data[0]!;
  };
  const pdfOf = async (user: string, fileName: string) =>
    fetch(`${ctx.server.baseUrl}${PREVIEW_PDF_PATH}?fileName=${fileName}`, { headers: { uid: await ctx.uidOf(user) } });
  return { upload, pdfOf };
}

/** soffice processes still running on a profile (a test server's own DATA_DIR) */
function sofficeRunningOn(profileMark: string): string[] {
  const table = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return table.split('\n').filter((line) => line.includes(profileMark) && !line.includes('ps -eo'));
}

describe.each(drivers)('office files convert to PDF with LibreOffice on %s', (driver) => {
  const ctx = useServer(driver);
  const { upload, pdfOf } = previewClient(ctx);

  it('converts a Word 97 .doc to a PDF its reader may open', { timeout: CONVERSION_MS }, async () => {
    const doc = await upload('zhangsan', await fixture('leave.doc'), '请假说明.doc');
    const answer = await pdfOf('zhangsan', doc.fileName);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('x-preview-converted')).toBe('yes');
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // the Chinese text needs a CJK font on the server (fonts-wqy-microhei): LibreOffice embeds the one it used
    expect(pdf.toString('latin1')).toMatch(/FontName\/[A-Z]+\+WenQuanYi/);
  });

  it(
    'answers the same content from the cache: no second conversion, the very same bytes',
    { timeout: CONVERSION_MS },
    async () => {
      const bytes = await fixture('leave.doc');
      const first = await pdfOf('zhangsan', (await upload('zhangsan', bytes, '第一份.doc')).fileName);
      const firstPdf = Buffer.from(await first.arrayBuffer());
      // another upload of identical bytes (another person, another name) shares the content hash
      const again = await pdfOf('lisi', (await upload('lisi', bytes, '转发的副本.doc')).fileName);
      expect(again.status).toBe(200);
      expect(again.headers.get('x-preview-converted')).toBe('no');
      // a new conversion would stamp a new creation time into the PDF
      expect(Buffer.from(await again.arrayBuffer()).equals(firstPdf)).toBe(true);
    },
  );

  it('converts an Excel 97 workbook too', { timeout: CONVERSION_MS }, async () => {
    const xls = await upload('zhangsan', await fixture('budget.xls'), '预算.xls');
    const answer = await pdfOf('zhangsan', xls.fileName);
    expect(answer.status).toBe(200);
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses types it does not convert, and a text file named .doc, with 415 and a Chinese message', async () => {
    for (const [bytes, name] of [
      [Buffer.from('会议纪要'), '纪要.txt'],
      [await fixture('leave.pdf'), '说明.pdf'],
      [Buffer.from('这不是Word文档'), '伪装.doc'],
    ] as const) {
      const file = await upload('zhangsan', bytes, name);
      const answer = await pdfOf('zhangsan', file.fileName);
      expect(answer.status, name).toBe(415);
      expect(((await answer.json()) as { msg: string }).msg).toBe('该文件类型不支持在线预览');
    }
  });

  it('is refused (404) to a colleague who may not read the file, and 400 without a file name', async () => {
    const doc = await upload('zhangsan', await fixture('leave.doc'), '私人.doc');
    expect((await pdfOf('wangwu', doc.fileName)).status).toBe(404);
    const bare = await fetch(`${ctx.server.baseUrl}${PREVIEW_PDF_PATH}`, {
      headers: { uid: await ctx.uidOf('zhangsan') },
    });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { msg: string }).msg).toBe('请提供文件名');
  });
});

describe.each(drivers)('conversion limits on %s', (driver) => {
  // 1 ms: LibreOffice cannot even start in that time; 0.015 MB: the 10.5 KB fixture passes, a padded copy does not
  const ctx = useServer(driver, { env: { PREVIEW_CONVERT_TIMEOUT_MS: '1', PREVIEW_MAX_MB: '0.015' } });
  const { upload, pdfOf } = previewClient(ctx);

  it('stops a conversion past the time limit (504) and leaves no LibreOffice process behind', async () => {
    const doc = await upload('zhangsan', await fixture('leave.doc'), '超时.doc');
    const answer = await pdfOf('zhangsan', doc.fileName);
    expect(answer.status).toBe(504);
    expect(((await answer.json()) as { msg: string }).msg).toBe('文档转换超时，请下载后查看');
    await expect.poll(() => sofficeRunningOn(ctx.server.config.dataDir), { timeout: 10_000 }).toEqual([]);
  });

  it('refuses a file past the size limit with 413 before converting', async () => {
    const padded = Buffer.concat([await fixture('leave.doc'), Buffer.alloc(8 * 1024)]);
    const answer = await pdfOf('zhangsan', (await upload('zhangsan', padded, '大文件.doc')).fileName);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { msg: string }).msg).toBe('文件超过0.015MB，不能在线预览，请下载后查看');
  });
});

describe('without LibreOffice installed', () => {
  const ctx = useServer('pglite', { env: { SOFFICE_PATH: '/nonexistent/soffice' } });
  const { upload, pdfOf } = previewClient(ctx);

  it('says so in Chinese (503) so the client offers 下载', async () => {
    const doc = await upload('zhangsan', await fixture('leave.doc'), '无转换.doc');
    const answer = await pdfOf('zhangsan', doc.fileName);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { msg: string }).msg).toBe(
      '服务器未安装文档转换组件，暂不能预览该文件，请下载后查看',
    );
  });
});
