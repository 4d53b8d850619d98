import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../contract/message';
import { defId, flowClient, forms } from '../factories/flow-client';
import { listenFlowEvents } from '../factories/flow-events';
import { drivers, useServer } from './support/server';

/** What the module's registration and route shape promise a client: reminders, live-event origin, 400s before work. */
describe.each(drivers)('审批 module contract on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, taskOf, act } = flowClient(ctx);
  const inbox = async (user: string) =>
    (await (await as(user)).get<{ rows: InboxMessage[] }>('/api/message/inbox?pageSize=100')).body.data.rows;

  it('发起 with 提醒方式 tells the first handler through those channels; an unknown channel is refused', async () => {
    const zhangsan = await as('zhangsan');
    const started = await zhangsan.post<{ id: string; reminder: { channels: string[]; receiverIds: string[] } | null }>(
      '/api/flow/instances',
      {
        definitionId: defId('leave'),
        formData: forms.leave(),
        channels: ['app', 'sms'],
      },
    );
    expect(started.status, started.body.msg).toBe(200);
    expect(started.body.data.reminder?.channels).toEqual(['app', 'sms']);
    const notice = (await inbox('lisi')).find((m) => m.link === `/followWaitDetail?instanceId=${started.body.data.id}`);
    expect(notice).toMatchObject({ title: '待办：张三的请假', senderName: '张三', read: false });

    const bad = await zhangsan.post('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(),
      channels: ['pigeon'],
    });
    expect([bad.status, bad.body.msg]).toEqual([400, '提醒方式不正确']);
  });

  it('同意 with 提醒方式 tells the next handlers; without channels nobody gets a message', async () => {
    const zhangsan = await as('zhangsan');
    const quiet = (
      await zhangsan.post<{ id: string; reminder: unknown }>('/api/flow/instances', {
        definitionId: defId('leave'),
        formData: forms.leave(5),
      })
    ).body.data;
    expect(quiet.reminder).toBeNull();
    const approved = await act('lisi', await taskOf('lisi', quiet.id), 'approve', {
      opinion: '同意',
      channels: ['app'],
    });
    expect(approved.status, approved.body.msg).toBe(200);
    const receivers = (approved.body.data as unknown as { reminder: { receiverIds: string[] } }).reminder.receiverIds;
    expect(receivers.length).toBeGreaterThan(0);
    expect((await inbox('lisi')).some((m) => m.link === `/followWaitDetail?instanceId=${quiet.id}`)).toBe(false);
  });

  it('validates params and bodies before any work: 400 naming the field, 401 first without a session', async () => {
    const zhangsan = await as('zhangsan');
    expect(
      await zhangsan
        .post('/api/flow/tasks/not-a-uuid/approve', { opinion: '同意' })
        .then((r) => [r.status, r.body.msg]),
    ).toEqual([400, '待办ID格式不正确']);
    const wrongType = await zhangsan.post(`/api/flow/tasks/${randomUUID()}/reject`, { opinion: 12 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toContain('opinion');
    const anonymous = await ctx.as(null);
    expect((await anonymous.post('/api/flow/tasks/not-a-uuid/approve', { opinion: 12 })).status).toBe(401);
  });

  it('a live event names the module, its kind and the Idempotency-Key of the write that caused it', async () => {
    const stream = await listenFlowEvents(ctx.server.baseUrl, await ctx.uidOf('lisi'));
    await expect.poll(() => stream.events.length).toBe(1);
    expect(stream.events[0]).toMatchObject({ module: 'flow', kind: 'snapshot', origin: null });
    const key = `start-${randomUUID()}`;
    const started = await (
      await as('zhangsan')
    ).post<{ id: string }>(
      '/api/flow/instances',
      { definitionId: defId('leave'), formData: forms.leave() },
      { 'Idempotency-Key': key },
    );
    expect(started.status, started.body.msg).toBe(200);
    await expect
      .poll(() => stream.events.find((e) => e.origin === key))
      .toMatchObject({ module: 'flow', kind: 'changed', instanceId: started.body.data.id });
    expect(stream.events.at(-1)!.todo).toBe(stream.events[0]!.todo + 1);
    stream.close();
  });
});
