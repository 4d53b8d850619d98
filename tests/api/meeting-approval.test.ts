import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingRooms, roomBookings } from '../../server/db/schema';
import { flowClient } from '../factories/flow-client';
import { at, meetingClient, roomOf, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

// 多功能厅 needs approval and has no manager: the 行政 role (孙琪) decides. A room with a manager goes to them.
describe.each(drivers)('rooms that need approval go through 会议室预约 on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const flow = flowClient(ctx);
  const hall = roomOf('多功能厅');
  const bookingsOf = async (meetingId: string) =>
    ctx.server.database.db.select().from(roomBookings).where(eq(roomBookings.meetingId, meetingId));

  const book = async (user: string, over: Record<string, unknown>) => {
    const created = await m.create(user, m.body({ roomId: hall, ...over }));
    expect(created.status, created.body.msg).toBe(200);
    const detail = await m.detail(user, created.body.data.id);
    expect(detail.status).toBe('pendingApproval');
    expect(detail.approvalInstanceId).toBeTruthy();
    return { id: created.body.data.id, instanceId: detail.approvalInstanceId! };
  };

  it('holds the slot as 待审批 (invitees see nothing yet); 同意 by 行政 confirms it and sends the invitations', async () => {
    const { id, instanceId } = await book('lisi', {
      subject: '全员大会',
      startAt: at('2031-06-02', '09:00'),
      endAt: at('2031-06-02', '11:00'),
    });
    expect((await m.list('zhangsan', 'invitations')).rows.some((r) => r.id === id)).toBe(false);
    expect((await m.respond('zhangsan', id, 'accepted')).status).toBe(409);
    expect(await bookingsOf(id)).toHaveLength(1);
    // the slot is taken meanwhile
    const clash = await m.create(
      'yangfan',
      m.body({ roomId: hall, startAt: at('2031-06-02', '10:00'), endAt: at('2031-06-02', '10:30') }),
    );
    expect([clash.status, clash.body.msg]).toEqual([409, '该会议室在 09:00–11:00 已被「全员大会」预订']);

    const instance = await flow.detail('lisi', instanceId);
    expect(instance.formData).toMatchObject({ subject: '全员大会', room: '多功能厅', meetingId: id });
    await flow.actOk('sunqi', await flow.taskOf('sunqi', instanceId), 'approve', { opinion: '同意' });

    expect((await m.detail('lisi', id)).status).toBe('upcoming');
    expect((await m.list('zhangsan', 'invitations')).rows.find((r) => r.id === id)).toMatchObject({
      status: 'upcoming',
      myResponse: 'pending',
    });
    expect((await m.respond('zhangsan', id, 'accepted')).status).toBe(200);
    expect(await bookingsOf(id)).toHaveLength(1);
  });

  it('sends the booking to the room manager when the room has one; 驳回 frees the slot and the meeting shows 未通过', async () => {
    const [room] = await ctx.server.database.db
      .update(meetingRooms)
      .set({ needsApproval: true, managerId: userId('wuhao') })
      .where(eq(meetingRooms.id, roomOf('洽谈室')))
      .returning();
    const slot = { roomId: room!.id, startAt: at('2031-06-03', '14:00'), endAt: at('2031-06-03', '15:00') };
    const created = await m.create('lisi', m.body({ ...slot, subject: '供应商洽谈' }));
    expect(created.status, created.body.msg).toBe(200);
    const { approvalInstanceId } = await m.detail('lisi', created.body.data.id);
    await flow.actOk('wuhao', await flow.taskOf('wuhao', approvalInstanceId!), 'reject', { opinion: '当天设备检修' });

    const after = await m.detail('lisi', created.body.data.id);
    expect([after.status, after.abilities.edit, after.abilities.cancel]).toEqual(['rejected', false, false]);
    expect(await bookingsOf(created.body.data.id)).toHaveLength(0);
    expect((await m.list('lisi', 'past')).rows.find((r) => r.id === created.body.data.id)?.status).toBe('rejected');
    // the freed slot can be booked again
    expect((await m.create('yangfan', m.body({ ...slot, subject: '改期洽谈' }))).status).toBe(200);
  });

  it('releases the slot when the organiser 撤回 the request, or cancels the meeting (which withdraws it)', async () => {
    const first = await book('lisi', {
      subject: '撤回的预约',
      startAt: at('2031-06-04', '09:00'),
      endAt: at('2031-06-04', '10:00'),
    });
    expect((await (await m.as('lisi')).post(`/api/flow/instances/${first.instanceId}/withdraw`, {})).status).toBe(200);
    expect((await m.detail('lisi', first.id)).status).toBe('cancelled');
    expect(await bookingsOf(first.id)).toHaveLength(0);

    const second = await book('lisi', {
      subject: '取消的预约',
      startAt: at('2031-06-04', '14:00'),
      endAt: at('2031-06-04', '15:00'),
    });
    expect((await (await m.as('lisi')).post(`/api/meeting/${second.id}/cancel`, { reason: '改线上' })).status).toBe(
      200,
    );
    expect(await bookingsOf(second.id)).toHaveLength(0);
    expect(await flow.status(second.instanceId, 'lisi')).toBe('withdrawn');
    expect((await flow.detail('sunqi', second.instanceId)).myTaskId).toBeNull();
  });

  it('refuses to edit a booking awaiting approval, and a 会议室预约 started by hand confirms nobody’s meeting', async () => {
    const { id } = await book('lisi', {
      subject: '待审批的会',
      startAt: at('2031-06-05', '09:00'),
      endAt: at('2031-06-05', '10:00'),
    });
    const edit = await (
      await m.as('lisi')
    ).put(
      `/api/meeting/${id}`,
      m.body({ roomId: hall, subject: '改名', startAt: at('2031-06-05', '09:00'), endAt: at('2031-06-05', '10:00') }),
    );
    expect([edit.status, edit.body.msg]).toEqual([409, '会议室预约审批中，不能修改，可先取消会议']);

    const forged = await (
      await m.as('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: (await flow.detail('lisi', (await m.detail('lisi', id)).approvalInstanceId!)).definition.id,
      formData: { subject: '待审批的会', room: '多功能厅', period: '-', meetingId: id },
      chosenAssignees: [userId('wangwu')],
    });
    expect(forged.status, forged.body.msg).toBe(200);
    await flow.actOk('wangwu', await flow.taskOf('wangwu', forged.body.data.id), 'approve', { opinion: '同意' });
    expect((await m.detail('lisi', id)).status).toBe('pendingApproval');
  });
});
