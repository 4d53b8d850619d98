import { describe, expect, it } from 'vitest';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Inbox = { rows: { title: string; link: string | null }[] };

/** 催办: once per instance per handler in 10 minutes, through the channels the initiator picks, linking the to-do. */
describe.each(drivers)('flow urge on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, act } = flowClient(ctx);
  const leave = () => start('zhangsan', 'leave', forms.leave());
  const urge = async (id: string, channels: string[] = ['app']) => (await as('zhangsan')).post(`/api/flow/instances/${id}/urge`, { channels, opinion: '请尽快' });
  const urgesTo = async (user: string, title: string) =>
    (await (await as(user)).get<Inbox>('/api/message/inbox?pageSize=100')).body.data.rows.filter((m) => m.title === `催办：${title}`);

  it('a second urge within 10 minutes is refused in Chinese and reaches nobody; the message opens the to-do', async () => {
    const id = await leave();
    expect((await urge(id)).status).toBe(200);
    const again = await urge(id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/10分钟内只能催办一次/);
    const received = await urgesTo('lisi', '张三的请假');
    const mine = received.filter((m) => m.link === `/followWaitDetail?instanceId=${id}`);
    expect(mine).toHaveLength(1);
  });

  it('a handler who got the task after the last urge may still be urged', async () => {
    const id = await leave();
    expect((await urge(id)).status).toBe(200);
    const moved = await act('lisi', await taskOf('lisi', id), 'transfer', { toUserId: userId('zhaoliu'), opinion: '请代为处理' });
    expect(moved.status, moved.body.msg).toBe(200);
    const answer = await urge(id);
    expect(answer.status, answer.body.msg).toBe(200);
    expect((await urgesTo('zhaoliu', '张三的请假')).some((m) => m.link === `/followWaitDetail?instanceId=${id}`)).toBe(true);
  });

  it('channels must come from the reminder-channel dictionary', async () => {
    const id = await leave();
    const answer = await urge(id, ['pigeon']);
    expect([answer.status, answer.body.msg]).toEqual([400, '提醒方式不正确']);
  });
});
