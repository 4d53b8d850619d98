import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RoomDay } from '../../contract/meeting';
import { messageDeliveries, roomBookings } from '../../server/db/schema';
import { api } from '../factories/test-server';
import { at, meetingClient, roomOf, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

describe.each(drivers)('meeting booking, changes, answers and minutes on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);

  it('books a room and invites two: both see the invitation, hear of it, accept, and the room day shows it', async () => {
    const created = await m.create('lisi', m.body({ subject: '需求评审会', channels: ['app', 'sms'] }));
    expect([created.status, created.body.msg]).toEqual([200, '会议已预订']);
    const id = created.body.data.id;
    const invitation = (await m.list('zhangsan', 'invitations')).rows.find((r) => r.id === id);
    expect(invitation).toMatchObject({
      subject: '需求评审会',
      roomName: '第二会议室',
      organizerName: '李四',
      status: 'upcoming',
      myResponse: 'pending',
      organizer: false,
    });
    const delivered = await ctx.server.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.receiverId, userId('zhaoliu')));
    expect(delivered.map((d) => d.channel)).toEqual(expect.arrayContaining(['app', 'sms']));

    expect((await m.respond('zhangsan', id, 'accepted')).body.msg).toBe('已接受邀请');
    expect((await m.respond('zhaoliu', id, 'declined')).body.msg).toBe('已拒绝邀请');
    expect((await m.list('zhangsan', 'invitations')).rows.some((r) => r.id === id)).toBe(false);
    expect((await m.list('zhangsan', 'upcoming')).rows.find((r) => r.id === id)?.myResponse).toBe('accepted');
    // a declined meeting leaves the invitee's upcoming list
    expect((await m.list('zhaoliu', 'upcoming')).rows.some((r) => r.id === id)).toBe(false);

    const detail = await m.detail('lisi', id);
    expect(detail.participants.map((p) => [p.name, p.response])).toEqual(
      expect.arrayContaining([
        ['张三', 'accepted'],
        ['赵六', 'declined'],
      ]),
    );
    expect(detail.abilities).toMatchObject({ edit: true, cancel: true, respond: false, minutes: false });
    expect((await m.detail('zhangsan', id)).abilities).toMatchObject({ edit: false, respond: true });

    const day = await (
      await m.as('zhangsan')
    ).get<RoomDay>(`/api/meeting/rooms/${roomOf('第二会议室')}?date=2031-03-04`);
    expect(day.body.data.bookings).toEqual([
      { meetingId: id, subject: '需求评审会', startAt: at('2031-03-04', '10:00'), endAt: at('2031-03-04', '11:00') },
    ]);
  });

  it('refuses an overlapping booking with a 409 naming the clash, and allows back-to-back', async () => {
    const first = await m.create(
      'lisi',
      m.body({ subject: '周例会', startAt: at('2031-03-05', '09:00'), endAt: at('2031-03-05', '10:00') }),
    );
    expect(first.status).toBe(200);
    const clash = await m.create(
      'yangfan',
      m.body({ startAt: at('2031-03-05', '09:30'), endAt: at('2031-03-05', '10:30') }),
    );
    expect([clash.status, clash.body.msg]).toEqual([409, '该会议室在 09:00–10:00 已被「周例会」预订']);
    const next = await m.create(
      'yangfan',
      m.body({ startAt: at('2031-03-05', '10:00'), endAt: at('2031-03-05', '10:30') }),
    );
    expect(next.status).toBe(200);
  });

  it('lets exactly one of 50 parallel bookings of one slot through; the other 49 hear 409', async () => {
    const slot = { roomId: roomOf('洽谈室'), startAt: at('2031-03-06', '14:00'), endAt: at('2031-03-06', '15:00') };
    const users = ['lisi', 'zhangsan', 'yangfan', 'huangmin', 'wuhao'];
    await Promise.all(users.map((u) => ctx.uidOf(u)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        m.create(users[i % users.length], m.body({ ...slot, subject: `抢订${i}`, inviteeIds: [userId('zhaoliu')] })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    expect(refused.every((a) => /^该会议室在 14:00–15:00 已被「抢订\d+」预订$/.test(a.body.msg))).toBe(true);
    const held = await ctx.server.database.db.select().from(roomBookings).where(eq(roomBookings.roomId, slot.roomId));
    expect(held.filter((b) => b.startAt.toISOString() === slot.startAt)).toHaveLength(1);
  });

  it('moves a meeting (invitees are asked again), cancels it (the slot frees up), and keeps outsiders out', async () => {
    const id = (
      await m.create('lisi', m.body({ startAt: at('2031-03-07', '09:00'), endAt: at('2031-03-07', '10:00') }))
    ).body.data.id;
    await m.respond('zhangsan', id, 'accepted');
    expect((await (await m.as('zhangsan')).put(`/api/meeting/${id}`, m.body())).status).toBe(403);
    const moved = await (
      await m.as('lisi')
    ).put(`/api/meeting/${id}`, m.body({ startAt: at('2031-03-07', '14:00'), endAt: at('2031-03-07', '15:00') }));
    expect([moved.status, moved.body.msg]).toEqual([200, '会议已修改']);
    expect((await m.detail('zhangsan', id)).myResponse).toBe('pending');
    expect((await (await m.as('wangqiang')).get(`/api/meeting/${id}`)).status).toBe(404);
    expect((await m.respond('wangqiang', id, 'accepted')).body.msg).toBe('会议不存在');

    const cancelled = await (await m.as('lisi')).post(`/api/meeting/${id}/cancel`, { reason: '时间冲突' });
    expect([cancelled.status, cancelled.body.msg]).toEqual([200, '会议已取消']);
    expect((await m.detail('zhangsan', id)).status).toBe('cancelled');
    expect((await m.respond('zhangsan', id, 'accepted')).status).toBe(409);
    const again = await m.create(
      'yangfan',
      m.body({ startAt: at('2031-03-07', '14:00'), endAt: at('2031-03-07', '15:00') }),
    );
    expect(again.status).toBe(200);
  });

  it('takes minutes only from the organiser once the meeting started', async () => {
    const id = (
      await m.create('lisi', m.body({ startAt: at('2031-03-08', '09:00'), endAt: at('2031-03-08', '10:00') }))
    ).body.data.id;
    const early = await (await m.as('lisi')).post(`/api/meeting/${id}/minutes`, { minutes: '纪要' });
    expect([early.status, early.body.msg]).toEqual([409, '会议开始后才能填写会议纪要']);
    const seededPast = (await m.list('lisi', 'past')).rows.find((r) => r.subject === '月度工作总结会')!;
    expect(
      (await (await m.as('zhangsan')).post(`/api/meeting/${seededPast.id}/minutes`, { minutes: '纪要' })).status,
    ).toBe(403);
    const saved = await (
      await m.as('lisi')
    ).post(`/api/meeting/${seededPast.id}/minutes`, { minutes: '一、决议通过。' });
    expect([saved.status, saved.body.msg]).toEqual([200, '会议纪要已保存']);
    expect((await m.detail('zhangsan', seededPast.id)).minutes).toBe('一、决议通过。');
  });

  it('answers 400 naming the field for bad bodies, 400 for unknown rooms and people, 401 first', async () => {
    expect((await api(ctx.server.baseUrl).post('/api/meeting', {})).status).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: '' }, '请输入会议主题'],
      [{ endAt: at('2031-03-04', '09:00') }, '结束时间必须晚于开始时间'],
      [{ roomId: null }, '请选择会议室或填写线上会议链接'],
      [{ roomId: '00000000-0000-4000-8000-000000000000' }, '会议室不存在'],
      [{ roomId: roomOf('培训教室') }, '该会议室暂停使用'],
      [{ inviteeIds: ['00000000-0000-4000-8000-000000000000'] }, '参会人员不存在'],
      [{ startAt: at('2020-01-01', '09:00'), endAt: at('2020-01-01', '10:00') }, '会议结束时间已过，请重新选择时间'],
      [{ startAt: 'tomorrow' }, '开始时间格式不正确'],
    ];
    for (const [over, msg] of cases) {
      const answer = await m.create('lisi', m.body(over));
      expect([answer.status >= 400 && answer.status < 500, answer.body.msg], JSON.stringify(over)).toEqual([true, msg]);
    }
    expect((await (await m.as('lisi')).get('/api/meeting/list/nope')).status).toBe(404);
    expect((await (await m.as('lisi')).get('/api/meeting/not-a-uuid')).body.msg).toBe('会议ID格式不正确');
  });
});
