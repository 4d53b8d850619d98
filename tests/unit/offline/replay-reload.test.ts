import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { clearOutbox, conflict, fakeNetwork, loadOutbox } from './outbox-harness';

afterEach(clearOutbox);

const TODO_LIST = ['flow', 'list', 'todo'];
const approve = (taskId: string) => ({
  method: 'POST' as const,
  url: `/api/flow/tasks/${taskId}/approve`,
  body: { opinion: '同意' },
  label: `同意「申请 ${taskId}」`,
  invalidate: [
    ['flow', 'list'],
    ['flow', 'counts'],
  ],
});

/** A 待办 list on screen: an observed query whose every fetch is a request to the server. */
function todoListOnScreen(queryClient: QueryClient) {
  const fetches = { count: 0 };
  const observer = new QueryObserver(queryClient, {
    queryKey: TODO_LIST,
    queryFn: () => {
      fetches.count += 1;
      return { rows: [], total: 0 };
    },
    staleTime: Infinity,
  });
  const stop = observer.subscribe(() => undefined);
  return { fetches, stop };
}

describe('replay reloads', () => {
  it('reloads the 待办 list once when thirty replayed decisions have all been sent', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const queryClient = new QueryClient();
    const box = await loadOutbox(net, queryClient);
    const list = todoListOnScreen(queryClient);
    await expect.poll(() => list.fetches.count).toBe(1);

    for (let i = 1; i <= 30; i += 1) await box.sendOrQueue(approve(`t${i}`));
    net.state.online = true;
    // one decision is refused on the way: it is put back too, still in the same single reload
    net.answers.push(...Array.from({ length: 4 }, () => () => Promise.resolve({})), conflict('该待办已被处理'));
    await box.replayOutbox();

    expect(net.sent).toHaveLength(30);
    await expect.poll(() => list.fetches.count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list.fetches.count).toBe(2);
    list.stop();
  });

  it('still reloads the list after a replay of one write', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const queryClient = new QueryClient();
    const box = await loadOutbox(net, queryClient);
    const list = todoListOnScreen(queryClient);
    await expect.poll(() => list.fetches.count).toBe(1);
    await box.sendOrQueue(approve('t1'));
    net.state.online = true;
    await box.replayOutbox();
    await expect.poll(() => list.fetches.count).toBe(2);
    list.stop();
  });

  it('reloads what a write changed when the service worker sent it, not the page', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const queryClient = new QueryClient();
    const box = await loadOutbox(net, queryClient);
    const list = todoListOnScreen(queryClient);
    await expect.poll(() => list.fetches.count).toBe(1);
    const queued = await box.sendOrQueue(approve('t1'));
    if (!queued.queued) throw new Error('offline, the write should have been queued');

    // the worker's Background Sync: the write leaves the shared queue and open pages are told over the channel
    await box.deleteEntry(queued.entry.id);
    const worker = new BroadcastChannel('oa-outbox');
    worker.postMessage('change');
    worker.close();

    await expect.poll(() => list.fetches.count).toBe(2);
    expect(net.sent).toHaveLength(0);
    list.stop();
  });
});
