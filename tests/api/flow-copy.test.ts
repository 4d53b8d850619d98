import { describe, expect, it } from 'vitest';
import { flowClient } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 再次提交 copies a rejected or withdrawn request into a new draft, for its initiator only (issue 10 point 10). */
describe.each(drivers)('再次提交 on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail } = flowClient(ctx);
  const form = { leaveType: '3', period: ['2026-12-01', '2026-12-02'], days: 2, reason: '再次提交的事由' };

  it('copies a withdrawn request into a new draft; others and running requests are refused', async () => {
    const id = await start('zhangsan', 'leave', form);
    expect((await (await as('zhangsan')).post(`/api/flow/instances/${id}/copy`)).status).toBe(409);
    expect((await (await as('zhangsan')).post(`/api/flow/instances/${id}/withdraw`)).status).toBe(200);
    expect((await (await as('lisi')).post(`/api/flow/instances/${id}/copy`)).status).toBe(403);
    const copy = await (await as('zhangsan')).post<{ id: string; status: string }>(`/api/flow/instances/${id}/copy`);
    expect([copy.status, copy.body.msg]).toEqual([200, '已复制为新草稿']);
    expect(copy.body.data.id).not.toBe(id);
    const draft = await detail('zhangsan', copy.body.data.id);
    expect(draft.status).toBe('draft');
    expect(draft.formData).toMatchObject(form);
  });
});
