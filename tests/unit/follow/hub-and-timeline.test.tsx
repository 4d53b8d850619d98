import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { FlowCounts, TraceEntry } from '@contract/flow';
import { FollowHubPage } from '@/features/follow/components/follow-hub-page';
import { TraceTimeline } from '@/features/follow/components/trace-timeline';
import { renderPages, testQueryClient } from '../support/render-pages';

/** The 审批 hub with its counts already loaded (fresh, so nothing is fetched). */
async function renderHub() {
  const queryClient = testQueryClient();
  queryClient.setQueryData<FlowCounts>(['flow', 'counts'], { todo: 3, unread: 1, back: 0, receive: 0 });
  renderPages({ '/': FollowHubPage }, { at: '/', queryClient });
  return screen.findByRole('navigation', { name: '审批列表' });
}

describe('审批 hub icons (issue 28.11)', () => {
  it('待办, 待阅, 已办, 已阅 and 已转办 each have their own drawn, named icon, not the first character of the title', async () => {
    const nav = await renderHub();
    const tiles = ['待办', '待阅', '已办', '已阅', '已转办'].map((title) =>
      within(nav).getByRole('link', { name: new RegExp(`图标 ?${title}`) }),
    );
    const icons = tiles.map((tile) => within(tile).getByRole('img'));
    const names = icons.map((icon) => icon.getAttribute('aria-label'));
    const drawings = icons.map((icon) => icon.querySelector('path')?.getAttribute('d'));
    expect(new Set(names).size).toBe(5);
    expect(names.every((name) => name?.endsWith('图标'))).toBe(true);
    expect(drawings.every(Boolean)).toBe(true);
    expect(new Set(drawings).size).toBe(5);
    // no tile shows a lone character as its picture any more
    for (const icon of icons) expect(icon.parentElement?.textContent).toBe('');
  });

  it('every tile of the hub has a different icon', async () => {
    const nav = await renderHub();
    const drawings = within(nav)
      .getAllByRole('img')
      .map((icon) => icon.querySelector('path')?.getAttribute('d'));
    expect(drawings.length).toBe(within(nav).getAllByRole('link').length);
    expect(new Set(drawings).size).toBe(drawings.length);
  });
});

const step = (over: Partial<TraceEntry>): TraceEntry => ({
  id: crypto.randomUUID(),
  nodeName: '部门负责人审批',
  actorName: '李四',
  actorSignImg: null,
  action: 'approve',
  opinion: '',
  attachments: [],
  createdAt: '2026-11-26T02:00:00Z',
  ...over,
});

describe('the 流转记录 timeline: comments and the end', () => {
  it('shows a 评论 as plain text with its author, and ends a finished request with 审批通过 and its time', () => {
    render(
      <TraceTimeline
        trace={[
          step({ nodeName: '发起申请', actorName: '张三', action: 'submit' }),
          step({
            action: 'comment',
            actorName: '张三',
            nodeName: '部门负责人审批',
            opinion: '<b>请尽快</b>\n谢谢',
            createdAt: '2026-11-26T02:30:00Z',
          }),
          step({ opinion: '同意', createdAt: '2026-11-26T03:00:00Z' }),
        ]}
        outcome={{ status: 'approved', finishedAt: '2026-11-26T03:00:00Z' }}
      />,
    );
    const items = within(screen.getByRole('list', { name: '流转记录' })).getAllByRole('listitem');
    const comment = items[1]!;
    expect(within(comment).getByText('评论')).toBeTruthy();
    expect(within(comment).getByText('张三')).toBeTruthy();
    // never interpreted as markup
    expect(comment.querySelector('b')).toBeNull();
    expect(
      within(comment).getByText((_, el) => el?.textContent === '<b>请尽快</b>\n谢谢' && el.tagName === 'P'),
    ).toBeTruthy();
    const last = items.at(-1)!;
    expect(last.textContent).toContain('审批通过');
    expect(last.textContent).toMatch(/2026-11-26 \d\d:00/);
  });

  it('ends a rejected request with 已驳回; a running one has no end', () => {
    const { unmount } = render(
      <TraceTimeline
        trace={[step({ action: 'reject', opinion: '不同意' })]}
        outcome={{ status: 'rejected', finishedAt: '2026-11-26T03:00:00Z' }}
      />,
    );
    expect(screen.getAllByRole('listitem').at(-1)!.textContent).toContain('已驳回');
    unmount();
    render(
      <TraceTimeline
        trace={[step({ action: 'submit' })]}
        current={{ nodeNames: ['部门负责人审批'], handlers: ['李四'] }}
        outcome={null}
      />,
    );
    expect(screen.queryByText('审批通过')).toBeNull();
    expect(screen.queryByText('已驳回')).toBeNull();
  });
});
