import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { FlowLiveEvent, MeetingLiveEvent, ScheduleLiveEvent } from '../../contract/live-events';
import { flowClient } from '../factories/flow-client';
import { at, listenLive, meetingClient, roomOf, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

// 会议 and 日程 push a live event to everyone whose meetings or calendar changed, stamped with the write's key.
describe.each(drivers)('meeting and schedule live events on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const flow = flowClient(ctx);
  const streams: { close(): void }[] = [];
  afterAll(() => streams.forEach((s) => s.close()));
  const listen = async <E>(user: string, event: string) => {
    const stream = await listenLive<E>(ctx.server.baseUrl, await ctx.uidOf(user), event);
    streams.push(stream);
    return stream.events;
  };
  const meetingsOf = (user: string) => listen<MeetingLiveEvent>(user, 'meeting');
  const calendarOf = (user: string) => listen<ScheduleLiveEvent>(user, 'schedule');
  const flowOf = (user: string) => listen<FlowLiveEvent>(user, 'flow');

  it('tells an invitee of a new invitation (with their count) and the organiser of the answer; the calendar follows', async () => {
    const [zhangsan, lisi, zhangsanCalendar] = [
      await meetingsOf('zhangsan'),
      await meetingsOf('lisi'),
      await calendarOf('zhangsan'),
    ];
    await expect.poll(() => zhangsan.length).toBe(1);
    expect(zhangsan[0]).toMatchObject({ module: 'meeting', kind: 'snapshot', meetingId: null });
    const before = zhangsan[0]!.invitations;

    const key = randomUUID();
    const created = await (
      await m.as('lisi')
    ).post<{ id: string }>(
      '/api/meeting',
      m.body({ subject: '实时事件评审', startAt: at('2031-08-01', '09:00'), endAt: at('2031-08-01', '10:00') }),
      { 'Idempotency-Key': key },
    );
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    await expect
      .poll(() => zhangsan.find((e) => e.kind === 'changed'))
      .toMatchObject({ meetingId: id, origin: key, invitations: before + 1 });

    expect((await m.respond('zhangsan', id, 'accepted')).status).toBe(200);
    await expect.poll(() => lisi.some((e) => e.kind === 'changed' && e.meetingId === id)).toBe(true);
    await expect.poll(() => zhangsanCalendar.some((e) => e.kind === 'changed' && e.eventId === id)).toBe(true);
  });

  it('tells the participants of a shared event that their calendar changed', async () => {
    const calendar = await calendarOf('zhaoliu');
    const created = await (
      await m.as('lisi')
    ).post<{ id: string }>('/api/schedule/events', {
      title: '共享日程',
      startAt: at('2031-08-02', '09:00'),
      endAt: at('2031-08-02', '10:00'),
      participantIds: [userId('zhaoliu')],
    });
    expect(created.status, created.body.msg).toBe(200);
    await expect
      .poll(() => calendar.find((e) => e.kind === 'changed'))
      .toMatchObject({ module: 'schedule', eventId: created.body.data.id });
  });

  it.runIf(driver === 'pg')(
    'tells the organiser and invitees when the room approval confirms the meeting',
    async () => {
      const [organiser, invitee] = [await meetingsOf('lisi'), await meetingsOf('zhaoliu')];
      const created = await m.create(
        'lisi',
        m.body({ roomId: roomOf('多功能厅'), startAt: at('2031-08-03', '09:00'), endAt: at('2031-08-03', '10:00') }),
      );
      const { approvalInstanceId } = await m.detail('lisi', created.body.data.id);
      await flow.actOk('sunqi', await flow.taskOf('sunqi', approvalInstanceId!), 'approve', { opinion: '同意' });
      for (const events of [organiser, invitee]) {
        await expect
          .poll(() =>
            events.some((e) => e.kind === 'changed' && e.meetingId === created.body.data.id && e.origin === null),
          )
          .toBe(true);
      }
    },
  );

  it('tells the approver live that a room booking put a 会议室预约 on their 待办 (their count with it), and that cancelling took it away', async () => {
    // 多功能厅 needs approval and has no manager: the 行政 role (孙琪) decides
    const approver = await flowOf('sunqi');
    // the stream opens with its snapshot; on pg the event of sunqi's approval in the test before may still follow it
    await expect.poll(() => approver.length).toBeGreaterThan(0);
    expect(approver[0]).toMatchObject({ module: 'flow', kind: 'snapshot' });
    const todoBefore = approver[0]!.todo;

    const key = randomUUID();
    const created = await (
      await m.as('lisi')
    ).post<{ id: string }>(
      '/api/meeting',
      m.body({
        subject: '待审批的大会',
        roomId: roomOf('多功能厅'),
        startAt: at('2031-08-04', '09:00'),
        endAt: at('2031-08-04', '10:00'),
      }),
      { 'Idempotency-Key': key },
    );
    expect(created.status, created.body.msg).toBe(200);
    const { approvalInstanceId } = await m.detail('lisi', created.body.data.id);
    expect(approvalInstanceId).toBeTruthy();
    await expect
      .poll(() => approver.find((e) => e.kind === 'changed' && e.origin === key))
      .toMatchObject({ instanceId: approvalInstanceId, todo: todoBefore + 1 });
    // the count the stream tells is the one the 审批 lists and the home badge show
    expect((await (await flow.as('sunqi')).get<{ todo: number }>('/api/flow/counts')).body.data.todo).toBe(
      todoBefore + 1,
    );

    const cancelKey = randomUUID();
    const cancelled = await (
      await m.as('lisi')
    ).post(`/api/meeting/${created.body.data.id}/cancel`, { reason: '改期' }, { 'Idempotency-Key': cancelKey });
    expect(cancelled.status, cancelled.body.msg).toBe(200);
    await expect
      .poll(() => approver.find((e) => e.kind === 'changed' && e.origin === cancelKey))
      .toMatchObject({ instanceId: approvalInstanceId, todo: todoBefore });
  });
});
