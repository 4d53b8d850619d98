import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flowClient } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** An offline action queued before the initiator withdrew arrives later: the answer says the request was withdrawn. */
describe.each(drivers)('flow action replayed on a withdrawn request on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf } = flowClient(ctx);

  it('a queued 同意 or 驳回 meeting a withdrawn request is refused with 该申请已被发起人撤回', async () => {
    const id = await start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-02'],
      days: 2,
      reason: `事由-${randomUUID().slice(0, 8)}`,
    });
    const task = await taskOf('lisi', id);
    const withdrawn = await (await as('zhangsan')).post(`/api/flow/instances/${id}/withdraw`, {});
    expect(withdrawn.status, withdrawn.body.msg).toBe(200);
    const lisi = await as('lisi');
    for (const [action, body] of [
      ['approve', { opinion: '同意' }],
      ['reject', { opinion: '不同意' }],
    ] as const) {
      const replay = await lisi.post(`/api/flow/tasks/${task}/${action}`, body, { 'Idempotency-Key': randomUUID() });
      expect([action, replay.status, replay.body.msg]).toEqual([action, 409, '该申请已被发起人撤回']);
    }
  });
});
