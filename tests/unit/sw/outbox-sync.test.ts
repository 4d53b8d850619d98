import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxBatchItem } from '@contract/outbox';
import { setUid } from '@/lib/uid-store';
import { OUTBOX_SYNC_TAG, readOutboxAuthority } from '@/lib/outbox-authority';
import { clearOutbox, fakeNetwork, loadOutbox } from '../offline/outbox-harness';

afterEach(async () => {
  setUid(null);
  await clearOutbox();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A page with a service worker that offers Background Sync (Chromium). */
function workerWithSync() {
  const register = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => ({ sync: { register } }) },
    configurable: true,
  });
  return register;
}

/** The server's batch endpoint as the worker's fetch sees it; `answer` decides each write's answer. */
function batchEndpoint(
  answer: (item: OutboxBatchItem, index: number) => { status: number; msg: string; data?: unknown },
) {
  const calls: { uid: string | null; items: OutboxBatchItem[] }[] = [];
  const fetchFn = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const items = (JSON.parse(init!.body as string) as { items: OutboxBatchItem[] }).items;
    calls.push({ uid: new Headers(init!.headers).get('uid'), items });
    const results = items.map((item, i) => {
      const { status, msg, data = null } = answer(item, i);
      return { idempotencyKey: item.idempotencyKey, status, code: status, msg, data };
    });
    return new Response(JSON.stringify({ code: 200, msg: '操作成功', data: { results } }), { status: 200 });
  });
  return { calls, fetchFn };
}

async function queueTwoDecisions() {
  const register = workerWithSync();
  setUid('session-of-lisi');
  const net = fakeNetwork();
  net.state.online = false;
  net.state.userKey = 'lisi';
  const box = await loadOutbox(net);
  await box.sendOrQueue({
    method: 'POST',
    url: '/api/flow/tasks/t1/approve',
    body: { opinion: '同意' },
    label: '同意「请假」',
  });
  await box.sendOrQueue({
    method: 'POST',
    url: '/api/flow/tasks/t2/reject',
    body: { opinion: '不同意' },
    label: '驳回「报销」',
  });
  await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(2), { timeout: 10_000 });
  return { box, register };
}

describe('the service worker sends queued writes with the app closed (Background Sync)', () => {
  it('a queued write registers the sync and leaves the worker the session it was queued under', async () => {
    const { register } = await queueTwoDecisions();
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    expect(await readOutboxAuthority()).toEqual({ userKey: 'lisi', uid: 'session-of-lisi', baseUrl: '' });
  });

  it('sends them in one batch as that person and settles each by its own answer', async () => {
    const { box } = await queueTwoDecisions();
    const { sendQueuedWrites } = await import('../../../sw/outbox-sync');
    const at = new Date().toISOString();
    const server = batchEndpoint((_item, i) =>
      i === 0
        ? { status: 200, msg: '审批成功' }
        : { status: 409, msg: '该申请已被发起人撤回', data: { actorName: '张三', at, actionText: '撤回' } },
    );
    await sendQueuedWrites(server.fetchFn);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.uid).toBe('session-of-lisi');
    expect(server.calls[0]!.items.map((i) => i.url)).toEqual([
      '/api/flow/tasks/t1/approve',
      '/api/flow/tasks/t2/reject',
    ]);
    const left = await box.listOutbox();
    expect(left.map((e) => [e.url, e.status, e.error, e.refusal])).toEqual([
      ['/api/flow/tasks/t2/reject', 'conflict', '该申请已被发起人撤回', { actorName: '张三', at, actionText: '撤回' }],
    ]);
    // the page's 已同步 list shows what the worker sent, as if the page had sent it
    const { listSent } = await import('@/offline/use-sent-writes');
    expect((await listSent()).map((w) => w.label)).toEqual(['同意「请假」']);
  });

  it('keeps them and asks the browser to retry when the network is still gone or the server busy', async () => {
    const { box } = await queueTwoDecisions();
    const { sendQueuedWrites } = await import('../../../sw/outbox-sync');
    await expect(sendQueuedWrites(vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))).rejects.toThrow();
    const busy = batchEndpoint((_item, i) => (i === 0 ? { status: 503, msg: '服务繁忙' } : { status: 0, msg: '' }));
    await expect(sendQueuedWrites(busy.fetchFn)).rejects.toThrow();
    expect((await box.listOutbox()).map((e) => e.status)).toEqual(['pending', 'pending']);
  });

  it('leaves nothing to send after 退出登录 deleted the writes and the session', async () => {
    await queueTwoDecisions();
    const { wipeOutbox } = await import('@/offline/outbox-list');
    await wipeOutbox();
    const { sendQueuedWrites } = await import('../../../sw/outbox-sync');
    const server = batchEndpoint(() => ({ status: 200, msg: '' }));
    await sendQueuedWrites(server.fetchFn);
    expect(server.fetchFn).not.toHaveBeenCalled();
  });
});

describe('the service worker sends queued writes on a wake-up where there is no Background Sync', () => {
  it('a push sends the queue, and a push while the server is still down fails nothing and keeps the writes', async () => {
    const { box } = await queueTwoDecisions();
    const { handleOutboxSync } = await import('../../../sw/outbox-sync');
    let up = false;
    const server = batchEndpoint(() => ({ status: 200, msg: '审批成功' }));
    const fetchFn = vi.fn((input: string | URL | Request, init?: RequestInit) =>
      up ? server.fetchFn(input, init) : Promise.reject(new TypeError('Failed to fetch')),
    );
    handleOutboxSync(fetchFn);
    const wake = async (type: 'push' | 'periodicsync') => {
      const work: Promise<unknown>[] = [];
      self.dispatchEvent(Object.assign(new Event(type), { waitUntil: (p: Promise<unknown>) => work.push(p) }));
      await Promise.all(work);
    };
    await wake('push');
    expect((await box.listOutbox()).map((e) => e.status)).toEqual(['pending', 'pending']);
    up = true;
    await wake('push');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.items.map((i) => i.url)).toEqual([
      '/api/flow/tasks/t1/approve',
      '/api/flow/tasks/t2/reject',
    ]);
    expect(await box.listOutbox()).toEqual([]);
    // nothing is left to send: the next wake-up sends nothing again
    await wake('periodicsync');
    expect(server.calls).toHaveLength(1);
  });
});
