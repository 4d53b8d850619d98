import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOutbox, conflict, entryOf, fakeNetwork, loadOutbox, networkDown, serverError } from './outbox-harness';

afterEach(clearOutbox);

const read = (id: string) => ({ method: 'POST' as const, url: `/api/message/${id}/read`, label: '标记已读' });

describe('outbox', () => {
  it('sends at once when online, with an Idempotency-Key', async () => {
    const net = fakeNetwork();
    const box = await loadOutbox(net);
    const result = await box.sendOrQueue(read('m1'));
    expect(result.queued).toBe(false);
    expect(net.sent).toHaveLength(1);
    expect(net.sent[0]!.idempotencyKey).toMatch(/\S{16,}/);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('queues offline writes and replays them strictly in order once online', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    for (const id of ['m1', 'm2', 'm3']) expect((await box.sendOrQueue(read(id))).queued).toBe(true);
    expect(net.sent).toHaveLength(0);
    expect((await box.listOutbox()).map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);

    net.state.online = true;
    await box.replayOutbox();
    expect(net.sent.map((r) => r.url)).toEqual([
      '/api/message/m1/read',
      '/api/message/m2/read',
      '/api/message/m3/read',
    ]);
    expect(new Set(net.sent.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(await box.listOutbox()).toEqual([]);
  });

  it.each([
    ['failed for network reasons', () => networkDown],
    ['was answered 409 请求正在处理中 (not thrown at the user)', () => conflict('请求正在处理中')],
  ])('queues a write whose direct send %s and replays it with the same key', async (_case, firstAnswer) => {
    const net = fakeNetwork();
    net.answers.push(firstAnswer());
    const box = await loadOutbox(net);
    const result = await box.sendOrQueue(read('m1'));
    expect(result.queued).toBe(true);
    await box.replayOutbox({ force: true });
    expect(net.sent).toHaveLength(2);
    expect(net.sent[1]!.idempotencyKey).toBe(net.sent[0]!.idempotencyKey);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('throws a server refusal of a direct send to the caller instead of queueing it', async () => {
    const net = fakeNetwork();
    net.answers.push(conflict('该任务已被处理'));
    const box = await loadOutbox(net);
    await expect(box.sendOrQueue(read('m1'))).rejects.toThrow('该任务已被处理');
    expect(await box.listOutbox()).toEqual([]);
  });

  it('retries after a server error without letting later writes overtake it', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue(read('m1'));
    await box.sendOrQueue(read('m2'));
    net.state.online = true;
    net.answers.push(serverError);
    await box.replayOutbox();
    expect(net.sent.map((r) => r.url)).toEqual(['/api/message/m1/read']);
    const [head] = await box.listOutbox();
    expect(head).toMatchObject({ status: 'pending', attempts: 1, error: '系统内部错误' });
    expect(head!.nextAttemptAt).toBeGreaterThan(Date.now());

    await box.replayOutbox({ force: true });
    expect(net.sent.map((r) => r.url)).toEqual([
      '/api/message/m1/read',
      '/api/message/m1/read',
      '/api/message/m2/read',
    ]);
    expect(net.sent[0]!.idempotencyKey).toBe(net.sent[1]!.idempotencyKey);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('gives up after repeated server errors and keeps the write as failed until retried or dismissed', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    const entry = entryOf(await box.sendOrQueue(read('m1')));
    net.state.online = true;
    for (let i = 0; i < box.MAX_SERVER_ATTEMPTS; i++) {
      net.answers.push(serverError);
      await box.replayOutbox({ force: true });
    }
    expect((await box.listOutbox())[0]).toMatchObject({ status: 'failed' });
    await box.retryEntry(entry.id);
    await box.outboxIdle();
    expect(await box.listOutbox()).toEqual([]);
  });

  it('keeps one entry per idempotency key', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue({ ...read('m1'), idempotencyKey: 'same-key' });
    await box.sendOrQueue({ ...read('m1'), idempotencyKey: 'same-key' });
    expect(await box.listOutbox()).toHaveLength(1);
    net.state.online = true;
    await box.replayOutbox();
    expect(net.sent).toHaveLength(1);
  });

  it('marks a refused write as a conflict, keeps it until dismissed, and goes on with the next', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    const approve = entryOf(
      await box.sendOrQueue({
        method: 'POST',
        url: '/api/flow/task/t1/approve',
        body: { opinion: '同意' },
        label: '审批通过',
      }),
    );
    await box.sendOrQueue(read('m2'));
    net.state.online = true;
    net.answers.push(conflict('该任务已被他人处理'));
    await box.replayOutbox();
    expect(net.sent.map((r) => r.url)).toEqual(['/api/flow/task/t1/approve', '/api/message/m2/read']);
    expect(net.sent[0]!.body).toEqual({ opinion: '同意' });

    await box.replayOutbox({ force: true });
    const left = await box.listOutbox();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      id: approve.id,
      status: 'conflict',
      error: '该任务已被他人处理',
      label: '审批通过',
    });
    expect(net.sent).toHaveLength(2);

    await box.dismissEntry(approve.id);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('survives a restart: a new page replays what the old one queued, including a write cut off mid-send', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const before = await loadOutbox(net);
    await before.sendOrQueue(read('m1'));
    await before.sendOrQueue(read('m2'));
    // the app was killed while m1 was on the wire
    net.state.online = true;
    net.answers.push(() => new Promise(() => undefined));
    void before.replayOutbox();
    await vi.waitFor(async () => expect((await before.listOutbox())[0]?.status).toBe('sending'));

    const after = await loadOutbox(net);
    expect((await after.listOutbox()).map((e) => e.url)).toEqual(['/api/message/m1/read', '/api/message/m2/read']);
    await after.replayOutbox();
    expect(net.sent.map((r) => r.url)).toEqual([
      '/api/message/m1/read',
      '/api/message/m1/read',
      '/api/message/m2/read',
    ]);
    expect(net.sent[1]!.idempotencyKey).toBe(net.sent[0]!.idempotencyKey);
    expect(await after.listOutbox()).toEqual([]);
  });

  it('belongs to its user: another user neither sees nor replays it, the same user gets it back', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue(read('m1'));
    net.state.userKey = 'user-2';
    net.state.online = true;
    expect(await box.listOutbox()).toEqual([]);
    await box.replayOutbox();
    expect(net.sent).toHaveLength(0);

    net.state.userKey = 'user-1';
    await box.replayOutbox();
    expect(net.sent).toHaveLength(1);
  });

  it('invalidates the queries a write affects once the server accepted it', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    box.queryClient.setQueryData(['message', 'inbox'], { rows: [], total: 0 });
    box.queryClient.setQueryData(['news', 'list'], { rows: [], total: 0 });
    await box.sendOrQueue({ ...read('m1'), invalidate: [['message']] });
    expect(box.queryClient.getQueryState(['message', 'inbox'])?.isInvalidated).toBe(false);
    net.state.online = true;
    await box.replayOutbox();
    expect(box.queryClient.getQueryState(['message', 'inbox'])?.isInvalidated).toBe(true);
    expect(box.queryClient.getQueryState(['news', 'list'])?.isInvalidated).toBe(false);
  });
});

describe('outbox and a write still in progress on the server', () => {
  it('keeps retrying a 409 请求正在处理中 with back-off (same key) instead of marking it a conflict', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue({
      method: 'POST',
      url: '/api/flow/task/t1/approve',
      body: { opinion: '同意' },
      label: '审批通过',
    });
    net.state.online = true;
    net.answers.push(conflict('请求正在处理中'), conflict('请求正在处理中'));
    await box.replayOutbox();
    const waiting = await box.listOutbox();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: 'pending', attempts: 1, error: '请求正在处理中' });
    expect(waiting[0]!.nextAttemptAt).toBeGreaterThan(Date.now());

    await box.replayOutbox({ force: true });
    expect((await box.listOutbox())[0]).toMatchObject({ status: 'pending', attempts: 2 });
    await box.replayOutbox({ force: true });
    expect(await box.listOutbox()).toEqual([]);
    expect(new Set(net.sent.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(net.sent).toHaveLength(3);
  });
});
