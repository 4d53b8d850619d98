import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConflictDetail, OutboxBatchResult } from '../../contract/outbox';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Batch = { results: OutboxBatchResult[] };
const item = (url: string, body: Record<string, unknown>) => ({
  method: 'POST' as const,
  url,
  body,
  idempotencyKey: randomUUID(),
});

/**
 * 转办, 加签, 委派, 回复意见 and 评论 queue offline as 同意 does: replayed in a batch (or alone, then in a batch) with
 * the same key they are applied once, and one that meets a request changed meanwhile says who changed it.
 */
describe.each(drivers)('queued 办理 beyond 同意 on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, detail, actions } = flowClient(ctx);
  const count = async (id: string, action: string) =>
    actions(await detail('zhangsan', id)).filter((a) => a === action).length;

  it('applies each queued write once, however often the batch is sent', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => start('zhangsan', 'leave', forms.leave())));
    const [transferred, signed, delegated, commented] = ids as [string, string, string, string];
    const tasks = await Promise.all([transferred, signed, delegated].map((id) => taskOf('lisi', id)));
    const items = [
      item(`/api/flow/tasks/${tasks[0]}/transfer`, { opinion: '请协助处理', toUserId: userId('zhaoliu') }),
      item(`/api/flow/tasks/${tasks[1]}/add-signer`, { opinion: '请一并审批', userIds: [userId('sunqi')] }),
      item(`/api/flow/tasks/${tasks[2]}/delegate`, { opinion: '请看一下', userId: userId('sunqi') }),
      item(`/api/flow/instances/${commented}/comments`, { content: '离线写下的评论' }),
    ];
    const lisi = await as('lisi');
    const sent = await lisi.post<Batch>('/api/outbox/batch', { items });
    expect(sent.body.data.results.map((r) => [r.status, r.msg])).toEqual(
      ['已转办', '已加签', '已委派', '评论成功'].map((msg) => [200, msg]),
    );
    // the answer was lost on the way: the same batch again answers what was stored and changes nothing
    const again = await lisi.post<Batch>('/api/outbox/batch', { items });
    expect(again.body.data.results.map((r) => [r.status, r.data])).toEqual(
      sent.body.data.results.map((r) => [r.status, r.data]),
    );
    expect(await count(transferred, 'transfer')).toBe(1);
    expect(await count(signed, 'add-signer')).toBe(1);
    expect(await count(delegated, 'delegate')).toBe(1);
    expect(await count(commented, 'comment')).toBe(1);

    // 回复意见 first sent alone, then replayed in a batch with the same key
    const reply = item(`/api/flow/tasks/${await taskOf('sunqi', delegated)}/reply`, { opinion: '建议同意' });
    const sunqi = await as('sunqi');
    const direct = await sunqi.post(reply.url, reply.body, { 'Idempotency-Key': reply.idempotencyKey });
    expect(direct.status, direct.body.msg).toBe(200);
    const replayed = await sunqi.post<Batch>('/api/outbox/batch', { items: [reply] });
    expect(replayed.body.data.results[0]).toMatchObject({ status: 200, data: direct.body.data });
    expect(await count(delegated, 'delegate-reply')).toBe(1);
  });

  it('refuses a queued 转办 or 委派 on a task no longer pending with who did what, alone and in a batch', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const task = await taskOf('lisi', id);
    const withdrawn = await (await as('zhangsan')).post(`/api/flow/instances/${id}/withdraw`, {});
    expect(withdrawn.status, withdrawn.body.msg).toBe(200);
    const lisi = await as('lisi');
    const transfer = item(`/api/flow/tasks/${task}/transfer`, { opinion: '', toUserId: userId('zhaoliu') });
    const alone = await lisi.post<ConflictDetail>(transfer.url, transfer.body, {
      'Idempotency-Key': transfer.idempotencyKey,
    });
    expect([alone.status, alone.body.msg]).toEqual([409, '该申请已被发起人撤回']);
    expect(alone.body.data).toMatchObject({ actorName: '张三', actionText: '撤回' });

    // two devices queued two different actions on one task: the second hears the first settled it
    const other = await start('zhangsan', 'leave', forms.leave());
    const otherTask = await taskOf('lisi', other);
    const batch = await lisi.post<Batch>('/api/outbox/batch', {
      items: [
        item(`/api/flow/tasks/${otherTask}/transfer`, { opinion: '', toUserId: userId('zhaoliu') }),
        item(`/api/flow/tasks/${otherTask}/delegate`, { opinion: '', userId: userId('sunqi') }),
        item(`/api/flow/tasks/${otherTask}/add-signer`, { opinion: '', userIds: [userId('sunqi')] }),
      ],
    });
    const [, delegate, addSigner] = batch.body.data.results;
    for (const refused of [delegate, addSigner])
      expect(refused).toMatchObject({
        status: 409,
        msg: '该待办已被处理',
        data: { actorName: '李四', actionText: '转办' },
      });
    expect(await count(other, 'delegate')).toBe(0);
  });
});
