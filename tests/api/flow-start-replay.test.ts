import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxBatchResult } from '../../contract/outbox';
import { defId, flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Started = { id: string; serial: string; status: string };
type Batch = { results: OutboxBatchResult[] };

/**
 * 提交 of a new request queues offline (发起「请假」): the phone sends it once online, maybe again after a lost answer,
 * alone or in the outbox's batch, always with the key it was queued under. However often it arrives, one request.
 */
describe.each(drivers)('a queued 提交 replayed on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, list, detail } = flowClient(ctx);
  const mine = async (user: string) => (await list(user, 'mine')).total;

  it('starts one request for one Idempotency-Key, sent alone and again in a batch', async () => {
    const zhangsan = await as('zhangsan');
    const before = await mine('zhangsan');
    const idempotencyKey = randomUUID();
    const body = { definitionId: defId('leave'), formData: forms.leave(), draft: false };
    const first = await zhangsan.post<Started>('/api/flow/instances', body, { 'Idempotency-Key': idempotencyKey });
    expect([first.status, first.body.msg]).toEqual([200, '提交成功']);
    // the answer was lost on the way: the same write again, alone and then in the outbox's batch
    const again = await zhangsan.post<Started>('/api/flow/instances', body, { 'Idempotency-Key': idempotencyKey });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const item = { method: 'POST' as const, url: '/api/flow/instances', body, idempotencyKey };
    for (const round of [1, 2]) {
      const batch = await zhangsan.post<Batch>('/api/outbox/batch', { items: [item] });
      expect(
        batch.body.data.results.map((r) => [r.status, (r.data as Started).id]),
        `batch ${round}`,
      ).toEqual([[200, first.body.data.id]]);
    }
    expect(await mine('zhangsan')).toBe(before + 1);
    expect((await detail('zhangsan', first.body.data.id)).status).toBe('running');
  });

  it('a batch that carries the first attempt starts one request as two batches race', async () => {
    const lisi = await as('lisi');
    const before = await mine('lisi');
    const item = {
      method: 'POST' as const,
      url: '/api/flow/instances',
      body: { definitionId: defId('expense'), formData: forms.expense(), draft: false },
      idempotencyKey: randomUUID(),
    };
    const answers = await Promise.all([1, 2].map(() => lisi.post<Batch>('/api/outbox/batch', { items: [item] })));
    const ids = answers.map((a) => a.body.data.results[0]);
    // one of them may have found the other still at work (请求正在处理中, sent again later by the phone)
    const done = ids.filter((r) => r?.status === 200).map((r) => (r!.data as Started).id);
    expect(done.length).toBeGreaterThan(0);
    expect(new Set(done).size).toBe(1);
    expect(await mine('lisi')).toBe(before + 1);
  });

  it('submits a saved draft once, and a refused replay answers the same refusal and starts nothing', async () => {
    const wangwu = await as('wangwu');
    const saved = await wangwu.post<Started>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: { reason: '草稿' },
      draft: true,
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const before = await mine('wangwu');
    const submit = {
      method: 'POST' as const,
      url: '/api/flow/instances',
      body: { definitionId: defId('leave'), draftId: saved.body.data.id, formData: forms.leave(), draft: false },
      idempotencyKey: randomUUID(),
    };
    const send = (item: { method: 'POST'; url: string; body: object; idempotencyKey: string }) =>
      wangwu.post<Batch>('/api/outbox/batch', { items: [item] }).then((a) => a.body.data.results[0]!);
    const sent = [await send(submit), await send(submit)];
    expect(sent.map((r) => [r.status, (r.data as Started).id])).toEqual([
      [200, saved.body.data.id],
      [200, saved.body.data.id],
    ]);
    expect(await mine('wangwu')).toBe(before);
    expect((await detail('wangwu', saved.body.data.id)).status).toBe('running');

    // a form the server refuses (typed offline past a rule): the refusal in words, the same on every replay
    const refused = {
      ...submit,
      body: { definitionId: defId('leave'), formData: {}, draft: false },
      idempotencyKey: randomUUID(),
    };
    const [one, two] = [await send(refused), await send(refused)];
    expect(one.status).toBe(400);
    expect(one.msg).toMatch(/请/);
    expect([two.status, two.msg]).toEqual([one.status, one.msg]);
    expect(await mine('wangwu')).toBe(before);
  });
});
