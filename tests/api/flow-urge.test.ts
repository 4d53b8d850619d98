import { describe, expect, it } from 'vitest';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Inbox = { rows: { title: string; link: string | null }[] };

/** 催办: once per instance per handler in 10 minutes, through the channels the initiator picks, linking the to-do. */
describe.each(drivers)('flow urge on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, act } = flowClient(ctx);
  const leave = () => start('zhangsan', 'leave', forms.leave());
  const urge = async (id: string, channels: string[] = ['app']) =>
    (await as('zhangsan')).post(`/api/flow/instances/${id}/urge`, { channels, opinion: '请尽快' });
  const urgesTo = async (user: string, title: string) =>
    (await (await as(user)).get<Inbox>('/api/message/inbox?pageSize=100')).body.data.rows.filter(
      (m) => m.title === `催办：${title}`,
    );

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
    const moved = await act('lisi', await taskOf('lisi', id), 'transfer', {
      toUserId: userId('zhaoliu'),
      opinion: '请代为处理',
    });
    expect(moved.status, moved.body.msg).toBe(200);
    const answer = await urge(id);
    expect(answer.status, answer.body.msg).toBe(200);
    expect((await urgesTo('zhaoliu', '张三的请假')).some((m) => m.link === `/followWaitDetail?instanceId=${id}`)).toBe(
      true,
    );
  });

  it('the answer names the reminder: its sender reads how each channel went, nobody else may', async () => {
    const id = await leave();
    const answer = await (
      await as('zhangsan')
    ).post<{ messageId: string }>(`/api/flow/instances/${id}/urge`, { channels: ['app', 'sms'], opinion: '' });
    expect(answer.status, answer.body.msg).toBe(200);
    const messageId = answer.body.data.messageId;
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    const report = await (
      await as('zhangsan')
    ).get<{ summary: string; channels: { channel: string }[] }>(`/api/message/${messageId}/deliveries`);
    expect(report.status, report.body.msg).toBe(200);
    // exactly the chosen channels went out; no SMS gateway is configured here
    expect(report.body.data.channels.map((c) => c.channel)).toEqual(['app', 'sms']);
    expect(report.body.data.summary).toBe('APP 未开启推送 1 人；短信 未发送（未配置）');
    expect((await (await as('lisi')).get(`/api/message/${messageId}/deliveries`)).status).toBe(404);
  });

  it('channels must come from the reminder-channel dictionary', async () => {
    const id = await leave();
    const answer = await urge(id, ['pigeon']);
    expect([answer.status, answer.body.msg]).toEqual([400, '提醒方式不正确']);
  });
});

/** The 流转记录 names a 催办's reminder to its sender only, whose report then says how it went (issue 43 point 3). */
describe.each(drivers)('a 催办 step in the trace on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail } = flowClient(ctx);

  it('carries the reminder for the one who urged, and nothing for the handler', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const answer = await (
      await as('zhangsan')
    ).post<{ messageId: string }>(`/api/flow/instances/${id}/urge`, { channels: ['app', 'sms'], opinion: '请尽快' });
    expect(answer.status, answer.body.msg).toBe(200);
    const urged = (await detail('zhangsan', id)).trace.find((e) => e.action === 'urge');
    expect(urged?.messageId).toBe(answer.body.data.messageId);
    const report = await (
      await as('zhangsan')
    ).get<{ people: { name: string; channels: { channel: string }[] }[] }>(
      `/api/message/${urged!.messageId}/deliveries`,
    );
    expect(report.body.data.people.map((p) => [p.name, p.channels.map((c) => c.channel)])).toEqual([
      ['李四', ['app', 'sms']],
    ]);
    const handlers = (await detail('lisi', id)).trace.find((e) => e.action === 'urge');
    expect(handlers).toBeTruthy();
    expect(handlers!.messageId).toBeUndefined();
  });
});
