import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OfflineBar } from '@/app/offline-bar';
import { configureOutbox } from '@/offline/outbox-config';
import { sendOrQueue } from '@/offline/outbox';
import { replayOutbox } from '@/offline/replay';
import { formatUpdatedAt } from '@/offline/format-updated-at';
import { SYNCED_NOTICE_MS } from '@/offline/pending-writes';
import { clearOutbox } from './outbox-harness';

afterEach(async () => {
  act(() => onlineManager.setOnline(true));
  await clearOutbox();
});

function renderBar(client = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <OfflineBar />
    </QueryClientProvider>,
  );
}

describe('OfflineBar', () => {
  it('is hidden online and says 离线 with the time of the cached data offline', async () => {
    const client = new QueryClient();
    const at = new Date();
    at.setHours(9, 5, 0, 0);
    client.setQueryData(['message', 'inbox'], { rows: [], total: 0 }, { updatedAt: at.getTime() });
    renderBar(client);
    expect(screen.queryByText(/离线/)).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByText('离线 · 数据更新于 09:05')).toBeTruthy();
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByText(/离线/)).toBeNull();
  });

  it('names the day when the data is not from today', () => {
    const now = new Date(2026, 10, 22, 12).getTime();
    expect(formatUpdatedAt(new Date(2026, 10, 22, 8, 7).getTime(), now)).toBe('08:07');
    expect(formatUpdatedAt(new Date(2026, 10, 20, 18, 30).getTime(), now)).toBe('11-20 18:30');
  });

  it('counts queued writes and shows a refused one until it is dismissed', async () => {
    const state = { online: false };
    const failures = [Object.assign(new Error('该任务已被他人处理'), { kind: 'business', status: 409 })];
    configureOutbox({
      getUserKey: () => 'user-1',
      isOnline: () => state.online,
      send: async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return null;
      },
    });
    renderBar();
    await sendOrQueue({ method: 'POST', url: '/api/flow/task/t1/approve', label: '审批通过' });
    await sendOrQueue({ method: 'POST', url: '/api/message/m1/read', label: '标记已读' });
    expect(await screen.findByText('2 项操作待同步')).toBeTruthy();

    state.online = true;
    await act(() => replayOutbox());
    expect(await screen.findByText('审批通过未完成：该任务已被他人处理')).toBeTruthy();
    expect(screen.queryByText(/项操作待同步/)).toBeNull();
    expect(await screen.findByText('已同步 1 项，1 项未完成')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '知道了' }));
    await vi.waitFor(() => expect(screen.queryByText(/审批通过未完成/)).toBeNull());
  });

  it('says 已同步 N 项 when the queue drained, then the bar goes away', async () => {
    const state = { online: false };
    configureOutbox({ getUserKey: () => 'user-1', isOnline: () => state.online, send: async () => null });
    renderBar();
    await sendOrQueue({ method: 'POST', url: '/api/message/m1/read', label: '标记已读' });
    await sendOrQueue({ method: 'PUT', url: '/api/contacts/favourites/u2', label: '收藏「李四」' });
    expect(await screen.findByText('2 项操作待同步')).toBeTruthy();
    expect(screen.queryByText(/已同步/)).toBeNull();

    state.online = true;
    await act(() => replayOutbox());
    expect(await screen.findByText('已同步 2 项')).toBeTruthy();
    expect(screen.queryByText(/项操作待同步/)).toBeNull();
    await waitFor(() => expect(screen.queryByText('已同步 2 项')).toBeNull(), { timeout: SYNCED_NOTICE_MS + 5000 });
    expect(document.querySelector('.pending-writes')).toBeNull();
  });

  it('says nothing about syncing when nothing was queued', async () => {
    configureOutbox({ getUserKey: () => 'user-1', isOnline: () => true, send: async () => null });
    renderBar();
    await act(() => replayOutbox());
    // an absence has no event to wait for: long enough for the bar's notice to render if it were coming
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/已同步/)).toBeNull();
  });
});
