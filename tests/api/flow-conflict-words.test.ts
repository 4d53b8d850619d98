import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConflictDetail, OutboxBatchResult } from '../../contract/outbox';
import { flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

const near = (iso: string, since: number) => {
  const at = Date.parse(iso);
  return at >= since - 5000 && at <= Date.now() + 5000;
};

/** A decision queued offline meets a request changed meanwhile: the 409 names who did what, and when. */
describe.each(drivers)('conflict in words on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, actions, detail } = flowClient(ctx);

  it('a 同意 on a withdrawn request says 张三 撤回 it and when, alone and in a batch', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const task = await taskOf('lisi', id);
    const since = Date.now();
    const withdrawn = await (await as('zhangsan')).post(`/api/flow/instances/${id}/withdraw`, {});
    expect(withdrawn.status, withdrawn.body.msg).toBe(200);

    const lisi = await as('lisi');
    const alone = await lisi.post<ConflictDetail>(
      `/api/flow/tasks/${task}/approve`,
      { opinion: '同意，请尽快安排' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect([alone.status, alone.body.msg]).toEqual([409, '该申请已被发起人撤回']);
    expect(alone.body.data).toMatchObject({ actorName: '张三', actionText: '撤回' });
    expect(near(alone.body.data.at, since)).toBe(true);

    const batch = await lisi.post<{ results: OutboxBatchResult[] }>('/api/outbox/batch', {
      items: [
        {
          method: 'POST',
          url: `/api/flow/tasks/${task}/reject`,
          body: { opinion: '不同意' },
          idempotencyKey: randomUUID(),
        },
      ],
    });
    expect(batch.body.data.results[0]).toMatchObject({
      status: 409,
      msg: '该申请已被发起人撤回',
      data: { actorName: '张三', actionText: '撤回', at: alone.body.data.at },
    });
    expect(actions(await detail('zhangsan', id))).toEqual(['submit', 'withdraw']);
  });

  it('a 同意 on a task someone else no longer lets be pending names the step that closed it', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const task = await taskOf('lisi', id);
    const lisi = await as('lisi');
    const first = await lisi.post(
      `/api/flow/tasks/${task}/approve`,
      { opinion: '同意' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(first.status, first.body.msg).toBe(200);
    // the same decision queued twice with two keys (two devices): the second hears it was already done, by whom
    const second = await lisi.post<ConflictDetail>(
      `/api/flow/tasks/${task}/approve`,
      { opinion: '同意' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect([second.status, second.body.msg]).toEqual([409, '该待办已被处理']);
    expect(second.body.data).toMatchObject({ actorName: '李四', actionText: '同意' });
  });

  it('someone else’s task still answers as before, with no detail', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const task = await taskOf('lisi', id);
    const answer = await (await as('wangwu')).post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' });
    expect(answer.status).toBe(404);
    expect(answer.body.data).toBeNull();
  });
});
