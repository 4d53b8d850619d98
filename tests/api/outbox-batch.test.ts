import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxBatchResult } from '../../contract/outbox';
import { flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Batch = { results: OutboxBatchResult[] };
const approve = (taskId: string, opinion = '同意') => ({
  method: 'POST' as const,
  url: `/api/flow/tasks/${taskId}/approve`,
  body: { opinion },
  idempotencyKey: randomUUID(),
});

/** POST /api/outbox/batch: queued writes in one request, each run and answered as if it had been sent alone. */
describe.each(drivers)('outbox batch on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, detail, actions } = flowClient(ctx);
  const lisiApprovals = async (id: string) =>
    (await detail('zhangsan', id)).trace.filter((e) => e.action === 'approve' && e.actorName === '李四').length;

  it('answers each write on its own: applied ones once, a withdrawn request refused, in order', async () => {
    const [first, withdrawnOne, last] = await Promise.all(
      [1, 2, 3].map(() => start('zhangsan', 'leave', forms.leave())),
    );
    const tasks = await Promise.all([first!, withdrawnOne!, last!].map((id) => taskOf('lisi', id)));
    const withdrawn = await (await as('zhangsan')).post(`/api/flow/instances/${withdrawnOne}/withdraw`, {});
    expect(withdrawn.status, withdrawn.body.msg).toBe(200);

    const items = [approve(tasks[0]!), approve(tasks[1]!, '请补充附件'), approve(tasks[2]!)];
    const lisi = await as('lisi');
    const sent = await lisi.post<Batch>('/api/outbox/batch', { items });
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sent.body.data.results.map((r) => [r.idempotencyKey, r.status, r.msg])).toEqual([
      [items[0]!.idempotencyKey, 200, expect.any(String)],
      [items[1]!.idempotencyKey, 409, '该申请已被发起人撤回'],
      [items[2]!.idempotencyKey, 200, expect.any(String)],
    ]);
    expect(await lisiApprovals(first!)).toBe(1);
    expect(await lisiApprovals(last!)).toBe(1);
    expect(actions(await detail('zhangsan', withdrawnOne!))).not.toContain('approve');

    // the same batch again (the answer was lost on the way): the stored answers, nothing applied twice
    const again = await lisi.post<Batch>('/api/outbox/batch', { items });
    expect(again.body.data.results.map((r) => [r.status, r.data])).toEqual(
      sent.body.data.results.map((r) => [r.status, r.data]),
    );
    // and a write first sent alone, then in a batch with the same key: also once
    const alone = await start('zhangsan', 'leave', forms.leave());
    const item = approve(await taskOf('lisi', alone));
    const direct = await lisi.post(item.url, item.body, { 'Idempotency-Key': item.idempotencyKey });
    expect(direct.status, direct.body.msg).toBe(200);
    const replayed = await lisi.post<Batch>('/api/outbox/batch', { items: [item] });
    expect(replayed.body.data.results[0]).toMatchObject({ status: 200, data: direct.body.data });
    expect(await lisiApprovals(alone)).toBe(1);
    expect(await lisiApprovals(first!)).toBe(1);
  });

  it('authorises each write as the caller: another person’s task is refused, the caller’s own goes through', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const task = await taskOf('lisi', id);
    const other = await start('zhangsan', 'leave', forms.leave());
    const mine = await taskOf('lisi', other);
    const wangwu = await as('wangwu');
    const sent = await wangwu.post<Batch>('/api/outbox/batch', { items: [approve(task)] });
    expect(sent.status).toBe(200);
    // the answer the same write gets when sent alone: the task is not wangwu's to see
    const alone = await wangwu.post(
      `/api/flow/tasks/${task}/approve`,
      { opinion: '同意' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(alone.status).toBe(404);
    expect(sent.body.data.results[0]).toMatchObject({ status: alone.status, msg: alone.body.msg });
    expect(await lisiApprovals(id)).toBe(0);
    expect(actions(await detail('zhangsan', id))).toEqual(['submit']);

    const anonymous = await (await ctx.as(null)).post('/api/outbox/batch', { items: [approve(mine)] });
    expect(anonymous.status).toBe(401);
    expect(actions(await detail('zhangsan', other))).toEqual(['submit']);
  });

  it.each([
    ['an address outside the API', { ...approve('x'), url: 'https://example.com/api/flow' }, '请求地址不正确'],
    ['a batch inside the batch', { ...approve('x'), url: '/api/outbox/batch' }, '请求地址不正确'],
    ['a read', { ...approve('x'), method: 'GET' }, '请求方式不正确'],
    ['a write without its key', { ...approve('x'), idempotencyKey: '' }, 'Idempotency-Key不能为空'],
  ])('refuses %s with a 400 and runs none of the writes', async (_case, bad, msg) => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const good = approve(await taskOf('lisi', id));
    const sent = await (await as('lisi')).post('/api/outbox/batch', { items: [good, bad] });
    expect([sent.status, sent.body.msg]).toEqual([400, msg]);
    expect(actions(await detail('zhangsan', id))).toEqual(['submit']);
  });
});
