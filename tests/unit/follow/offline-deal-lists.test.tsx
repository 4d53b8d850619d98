import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FlowCounts } from '@contract/flow';
import { listOutbox } from '@/offline/outbox';
import { toast, dialog } from '@/ui/feedback';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { LEAVE, runningLeave } from '../support/flow-fixtures';
import { offlineNetwork, offlineTodoClient, renderDealWith } from '../support/flow-pages';

// Issue 10 §2: an approval made offline must not leave the 待办 list empty ("离线，暂无缓存数据") nor keep the row.
const detail = runningLeave(LEAVE);

function renderJourney() {
  const queryClient = offlineTodoClient(detail, '张三的请假申请');
  const { router } = renderDealWith(queryClient, { list: () => <FlowListPage kind="todo" /> });
  return { router, queryClient };
}

afterEach(() => {
  toast.clear();
  dialog.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('an offline 同意 updates the cached lists', () => {
  it('the row leaves 待办, the others stay on screen and the count drops', async () => {
    // offline from the start: the page opens from the cache, and nothing it asks for leaves the test
    offlineNetwork();
    const { router, queryClient } = renderJourney();
    await screen.findByRole('button', { name: '确定' });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'));
    expect(await screen.findByText('王五的报销申请')).toBeTruthy();
    expect(screen.queryByText('张三的请假申请')).toBeNull();
    expect(screen.queryByText('离线，暂无缓存数据')).toBeNull();
    expect(queryClient.getQueryData<FlowCounts>(['flow', 'counts'])?.todo).toBe(1);
    expect((await listOutbox()).map((e) => e.label)).toContain('同意「张三的请假申请」');
  });
});
