import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@contract/envelope';
import { ListView, pagedListQuery, type ListPageQuery } from '@/components/list-view';

// antd's drag gesture cannot run in happy-dom; this stand-in exposes what ListView hands to it: the head height,
// the text for each pull state and the refresh callback (a button plays the finished pull).
vi.mock('antd-mobile', async (importOriginal) => {
  const actual = await importOriginal<typeof import('antd-mobile')>();
  const statuses = ['pulling', 'canRelease', 'refreshing', 'complete'] as const;
  return {
    ...actual,
    PullToRefresh: (props: {
      headHeight?: number;
      threshold?: number;
      renderText?: (s: (typeof statuses)[number]) => ReactNode;
      onRefresh?: () => Promise<unknown>;
      children?: ReactNode;
    }) => (
      <div>
        <div data-testid="pull-head" data-height={props.headHeight} data-threshold={props.threshold}>
          {statuses.map((s) => (
            <span key={s} data-testid={`pull-${s}`}>
              {props.renderText?.(s)}
            </span>
          ))}
        </div>
        <button type="button" onClick={() => void props.onRefresh?.()}>
          模拟下拉
        </button>
        {props.children}
      </div>
    ),
  };
});

// happy-dom does no layout; the infinite loader only runs for elements that are laid out (offsetParent set).
// Switching that off plays "the user has not scrolled to the end", so no further page is asked for.
let laidOut = true;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return laidOut ? this.parentNode : null;
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  laidOut = true;
});

interface Row {
  id: string;
}

function renderList(total: () => number) {
  const fetchPage = vi.fn(async ({ pageNum, pageSize }: ListPageQuery): Promise<Page<Row>> => {
    const all = Array.from({ length: total() }, (_, i) => ({ id: `r${i}` }));
    return { rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ListView<Row>
        query={pagedListQuery(['test', 'refresh'], fetchPage)}
        itemKey={(r) => r.id}
        renderItem={(r) => <span>{r.id}</span>}
      />
    </QueryClientProvider>,
  );
  return fetchPage;
}

describe('ListView pull-to-refresh (spec §4/§9)', () => {
  it('is 50 px high and names each pull state in Chinese', async () => {
    renderList(() => 3);
    await screen.findByText('r2');
    expect(screen.getByTestId('pull-head').dataset.height).toBe('50');
    expect(screen.getByTestId('pull-head').dataset.threshold).toBe('50');
    expect(screen.getByTestId('pull-pulling').textContent).toBe('下拉刷新');
    expect(screen.getByTestId('pull-canRelease').textContent).toBe('释放立即刷新');
    expect(screen.getByTestId('pull-refreshing').textContent).toBe('加载中...');
    // the whole list is on screen: the finished pull says there is nothing more
    expect(screen.getByTestId('pull-complete').textContent).toBe('没有更多数据了');
  });

  it('reloads from page 1 only, shows the new rows, and ignores another pull within 1000 ms', async () => {
    let total = 15;
    const fetchPage = renderList(() => total);
    await screen.findByText('r14', undefined, { timeout: 3000 });
    expect(screen.getByTestId('pull-complete').textContent).toBe('没有更多数据了');
    fetchPage.mockClear();
    laidOut = false;
    total = 30;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 1, 9, 0, 0));
    await userEvent.click(screen.getByRole('button', { name: '模拟下拉' }));
    await screen.findByText('r9');
    expect(fetchPage.mock.calls.map(([q]) => q.pageNum)).toEqual([1]);
    // page 2 of the old list is gone: the refreshed list restarts at page 1 and more is coming
    expect(screen.queryByText('r14')).toBeNull();
    expect(screen.getByTestId('pull-complete').textContent).toBe('刷新成功');

    fetchPage.mockClear();
    vi.setSystemTime(new Date(2026, 0, 1, 9, 0, 0, 999));
    await act(async () => screen.getByRole('button', { name: '模拟下拉' }).click());
    expect(fetchPage).not.toHaveBeenCalled();
    vi.setSystemTime(new Date(2026, 0, 1, 9, 0, 1, 0));
    await act(async () => screen.getByRole('button', { name: '模拟下拉' }).click());
    expect(fetchPage.mock.calls.map(([q]) => q.pageNum)).toEqual([1]);
  });
});
