import { describe, expect, it } from 'vitest';
import { flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Inbox = { rows: { title: string; content: string; link: string | null }[] };

/** An approved 请假 offers its applicant a stand-in for exactly its days (issue 44 point 1). */
describe.each(drivers)('the stand-in offered after an approved leave on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, actOk } = flowClient(ctx);
  const offers = async () =>
    (await (await as('zhangsan')).get<Inbox>('/api/message/inbox?pageSize=100')).body.data.rows.filter(
      (m) => m.title === '请假期间的审批可交给代理人',
    );

  it('links 我的 → 审批代理 with the leave’s first and last day once it is approved, not before', async () => {
    const form = forms.leave(2);
    const id = await start('zhangsan', 'leave', form);
    const before = (await offers()).length;
    await actOk('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    const [from, to] = form.period;
    const mine = (await offers()).filter((m) => m.link === `/myCenter/proxies?from=${from}&to=${to}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.content).toContain(`${from} 至 ${to}`);
    expect((await offers()).length).toBe(before + 1);
  });

  it('offers nothing for a rejected leave or a request that is not time away', async () => {
    const before = (await offers()).length;
    const rejected = await start('zhangsan', 'leave', forms.leave(1));
    await actOk('lisi', await taskOf('lisi', rejected), 'reject', { opinion: '人手不足' });
    const expense = await start('zhangsan', 'expense', forms.expense(80));
    await actOk('lisi', await taskOf('lisi', expense), 'approve', { opinion: '同意' });
    expect((await offers()).length).toBe(before);
  });
});
