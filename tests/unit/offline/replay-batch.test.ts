import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxBatchItem, OutboxBatchResult } from '@contract/outbox';
import { SESSION_KEYS } from '@/lib/local-keys';
import { announceUploadLimit, clearOutbox, fakeNetwork, loadOutbox, networkDown } from './outbox-harness';

afterEach(async () => {
  localStorage.removeItem(SESSION_KEYS.siteConfig);
  await clearOutbox();
});

const approve = (taskId: string) => ({
  method: 'POST' as const,
  url: `/api/flow/tasks/${taskId}/approve`,
  body: { opinion: `同意 ${taskId}` },
  label: `同意「申请 ${taskId}」`,
});
const answered = (item: OutboxBatchItem, status = 200, msg = '操作成功'): OutboxBatchResult => ({
  idempotencyKey: item.idempotencyKey,
  status,
  code: status,
  msg,
  data: null,
});

/** A server with the batch endpoint: records each batch; `script` answers an item otherwise than 200. */
function batchServer(script: (item: OutboxBatchItem, index: number) => OutboxBatchResult | null = () => null) {
  const batches: OutboxBatchItem[][] = [];
  const sendBatch = vi.fn(async (items: OutboxBatchItem[]) => {
    batches.push(items);
    return items.map((item, index) => script(item, index) ?? answered(item));
  });
  return { batches, sendBatch };
}

async function queued(count: number, prefix = 't') {
  const net = fakeNetwork();
  net.state.online = false;
  const box = await loadOutbox(net);
  for (let i = 1; i <= count; i += 1) await box.sendOrQueue(approve(`${prefix}${i}`));
  net.state.online = true;
  return { net, box };
}

describe('replay in batches', () => {
  it('sends fifty queued decisions in one request, in order, each with its own key', async () => {
    const { net, box } = await queued(50);
    const keys = (await box.listOutbox()).map((e) => e.idempotencyKey);
    const server = batchServer();
    box.configureOutbox({ sendBatch: server.sendBatch });
    await box.replayOutbox();
    expect(server.batches).toHaveLength(1);
    expect(server.batches[0]!.map((i) => i.url)).toEqual(
      Array.from({ length: 50 }, (_, i) => `/api/flow/tasks/t${i + 1}/approve`),
    );
    expect(server.batches[0]!.map((i) => i.idempotencyKey)).toEqual(keys);
    expect(server.batches[0]![0]!.body).toEqual({ opinion: '同意 t1' });
    expect(net.sent).toHaveLength(0);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('keeps a refused write with the server’s words while the others of the batch go through', async () => {
    const { box } = await queued(3);
    const server = batchServer((item, i) => (i === 1 ? answered(item, 409, '该申请已被发起人撤回') : null));
    box.configureOutbox({ sendBatch: server.sendBatch });
    await box.replayOutbox();
    const left = await box.listOutbox();
    expect(left.map((e) => [e.url, e.status, e.error])).toEqual([
      ['/api/flow/tasks/t2/approve', 'conflict', '该申请已被发起人撤回'],
    ]);
  });

  it('keeps the order when a write of the batch must be retried: it and those behind it stay queued', async () => {
    const { box } = await queued(4);
    const server = batchServer((item, i) =>
      i === 1 ? answered(item, 500, '系统内部错误') : i > 1 ? { ...answered(item), status: 0, code: 0 } : null,
    );
    box.configureOutbox({ sendBatch: server.sendBatch });
    await box.replayOutbox();
    const left = await box.listOutbox();
    expect(left.map((e) => [e.url, e.status, e.attempts])).toEqual([
      ['/api/flow/tasks/t2/approve', 'pending', 1],
      ['/api/flow/tasks/t3/approve', 'pending', 0],
      ['/api/flow/tasks/t4/approve', 'pending', 0],
    ]);
    expect(left[0]!.nextAttemptAt).toBeGreaterThan(Date.now());

    // the retry sends the rest in one batch, with the same keys
    const retry = batchServer();
    box.configureOutbox({ sendBatch: retry.sendBatch });
    await box.replayOutbox({ force: true });
    expect(retry.batches[0]!.map((i) => i.idempotencyKey)).toEqual(left.map((e) => e.idempotencyKey));
    expect(await box.listOutbox()).toEqual([]);
  });

  it('keeps every write queued when the batch got no answer', async () => {
    const { box } = await queued(3);
    box.configureOutbox({ sendBatch: vi.fn(networkDown) });
    await box.replayOutbox();
    const left = await box.listOutbox();
    expect(left.map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('sends one write at a time to a server without the batch endpoint', async () => {
    const { net, box } = await queued(3);
    const missing = vi.fn(() =>
      Promise.reject(Object.assign(new Error('接口不存在'), { kind: 'http', status: 404, code: 404 })),
    );
    box.configureOutbox({ sendBatch: missing });
    await box.replayOutbox();
    expect(missing).toHaveBeenCalledTimes(1);
    expect(net.sent.map((r) => r.url)).toEqual([1, 2, 3].map((i) => `/api/flow/tasks/t${i}/approve`));
    expect(await box.listOutbox()).toEqual([]);
  });

  it('sends a write with files to upload on its own, between the batches around it', async () => {
    announceUploadLimit(50);
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue(approve('a1'));
    await box.sendOrQueue(approve('a2'));
    const file = new File(['意见附件'], '意见.txt', { type: 'text/plain' });
    await box.sendOrQueue(
      { method: 'POST', url: '/api/mail/messages', body: { subject: '周报', attachments: [] }, label: '发送邮件' },
      { files: [{ field: 'attachments', blob: file }] },
    );
    await box.sendOrQueue(approve('b1'));
    await box.sendOrQueue(approve('b2'));
    net.state.online = true;
    const server = batchServer();
    box.configureOutbox({ sendBatch: server.sendBatch });
    await box.replayOutbox();
    expect(server.batches.map((b) => b.map((i) => i.url))).toEqual([
      ['/api/flow/tasks/a1/approve', '/api/flow/tasks/a2/approve'],
      ['/api/flow/tasks/b1/approve', '/api/flow/tasks/b2/approve'],
    ]);
    expect(net.uploads.map((u) => u.name)).toEqual(['意见.txt']);
    expect(net.sent.map((r) => r.url)).toEqual(['/api/mail/messages']);
    expect(await box.listOutbox()).toEqual([]);
  });
});
