import { describe, expect, it } from 'vitest';
import { activeSection, shellSections } from '@/features/pad/components/pad-shell';
import { usesTabletShell } from '@/features/pad/api/tablet';
import { tabletTwin } from '@/features/pad/api/tablet-twins';
import { railEntries } from '@/modules';

const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

describe('the tablet shell', () => {
  const sections = shellSections(railEntries);

  it('draws every page of a tablet, and the /pad routes on any device', () => {
    expect(usesTabletShell('/email/inbox', IPAD_UA)).toBe(true);
    expect(usesTabletShell('/email/inbox', PHONE_UA)).toBe(false);
    expect(usesTabletShell('/padflow/start', PHONE_UA)).toBe(true);
  });

  it('offers 搜索, 发起申请 and 审批 in the rail, each section once, all with a route', () => {
    expect(sections.map((s) => s.title)).toEqual(['搜索', '待办', '审批', '发起申请', '工作台', '通讯录', '我的']);
    expect(sections.every((s) => s.to)).toBe(true);
  });

  it('marks the section of the page: its own route, its module, else 工作台 (where every module opens)', () => {
    expect(activeSection(sections, '/padflow/start')).toBe('start');
    expect(activeSection(sections, '/padflow/viewDetail')).toBe('flow');
    expect(activeSection(sections, '/follow/ccList')).toBe('flow');
    expect(activeSection(sections, '/padbacklog/searchList')).toBe('backlog');
    expect(activeSection(sections, '/email/detail')).toBe('worktable');
    expect(activeSection(sections, '/news/Headlines')).toBe('worktable');
  });

  it('sends the phone tab-bar pages and 流程查询 to their tablet screens', () => {
    expect(tabletTwin('/phonehome')).toBe('/padworktable/index');
    expect(tabletTwin('/addressbook/index')).toBe('/padcontacts');
    expect(tabletTwin('/myCenter/')).toBe('/padmy');
    expect(tabletTwin('/follow/searchFlowList')).toBe('/padflow/searchFlowList');
    expect(tabletTwin('/email/inbox')).toBeUndefined();
  });
});
