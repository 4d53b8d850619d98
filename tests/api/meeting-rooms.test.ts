import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Badges } from '../../contract/message';
import type { RoomDay } from '../../contract/meeting';
import { meetingBuildings, meetingInvitees, meetingRooms, meetings, roomBookings, users } from '../../server/db/schema';
import { api } from '../factories/test-server';
import { drivers, useServer } from './support/server';

describe.each(drivers)('meeting rooms for a day and the invitation badge on %s', (driver) => {
  const ctx = useServer(driver);

  it("lists rooms with the day's bookings and the free periods around them", async () => {
    const { db } = ctx.server.database;
    const [{ id: organizerId }] = await db.select({ id: users.id }).from(users).limit(1);
    const [building] = await db.insert(meetingBuildings).values({ name: '行政楼' }).returning();
    const [room] = await db
      .insert(meetingRooms)
      .values({ buildingId: building.id, name: '第一会议室', floor: '3楼', capacity: 20, equipment: ['projector'] })
      .returning();
    const startAt = new Date('2026-12-07T10:00:00+08:00');
    const endAt = new Date('2026-12-07T11:30:00+08:00');
    const [meeting] = await db
      .insert(meetings)
      .values({ subject: '季度工作会', startAt, endAt, organizerId, roomId: room.id, signInSecret: 's' })
      .returning();
    await db.insert(roomBookings).values({ roomId: room.id, meetingId: meeting.id, startAt, endAt });

    const answer = await (await ctx.as('lisi')).get<RoomDay[]>('/api/meeting/rooms?date=2026-12-07');
    expect(answer.status).toBe(200);
    const listed = answer.body.data.find((r) => r.id === room.id)!;
    expect(listed).toMatchObject({
      name: '第一会议室',
      buildingName: '行政楼',
      floor: '3楼',
      capacity: 20,
      equipment: ['projector'],
    });
    expect(listed.bookings).toEqual([
      { meetingId: meeting.id, subject: '季度工作会', startAt: startAt.toISOString(), endAt: endAt.toISOString() },
    ]);
    expect(listed.freeSlots).toEqual([
      { startAt: new Date('2026-12-07T08:00:00+08:00').toISOString(), endAt: startAt.toISOString() },
      { startAt: endAt.toISOString(), endAt: new Date('2026-12-07T20:00:00+08:00').toISOString() },
    ]);
    const nextDay = (await (await ctx.as('lisi')).get<RoomDay[]>('/api/meeting/rooms?date=2026-12-08')).body.data.find(
      (r) => r.id === room.id,
    )!;
    expect(nextDay.bookings).toEqual([]);

    const detail = await (await ctx.as('lisi')).get<RoomDay>(`/api/meeting/rooms/${room.id}?date=2026-12-07`);
    expect(detail.body.data).toEqual(listed);
    const missing = await (
      await ctx.as('lisi')
    ).get('/api/meeting/rooms/00000000-0000-4000-8000-000000000000?date=2026-12-07');
    expect([missing.status, missing.body.msg]).toEqual([404, '会议室不存在']);
  });

  it('answers 401 without a session and 400 naming the date when it is malformed', async () => {
    expect((await api(ctx.server.baseUrl).get('/api/meeting/rooms?date=2026-12-07')).status).toBe(401);
    const bad = await (await ctx.as('lisi')).get('/api/meeting/rooms?date=12/07/2026');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('日期');
  });

  it('counts on the home badge the invitations still to answer: pending, not cancelled, not over', async () => {
    const { db } = ctx.server.database;
    const wangwu = await ctx.as('wangwu');
    const badge = async () => (await wangwu.get<Badges>('/api/message/badges')).body.data.meeting;
    const before = await badge();
    const [{ id: organizerId }] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangsan'));
    const [{ id: inviteeId }] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'wangwu'));
    const invite = async (startAt: string, endAt: string, status = 'scheduled', response = 'pending') => {
      const [m] = await db
        .insert(meetings)
        .values({
          subject: '评审会',
          startAt: new Date(startAt),
          endAt: new Date(endAt),
          organizerId,
          onlineLink: 'https://meet.example.com/1',
          status,
          signInSecret: 's',
        })
        .returning();
      await db.insert(meetingInvitees).values({ meetingId: m.id, userId: inviteeId, response });
    };
    await invite('2099-01-05T10:00:00+08:00', '2099-01-05T11:00:00+08:00');
    await invite('2099-01-06T10:00:00+08:00', '2099-01-06T11:00:00+08:00');
    await invite('2099-01-07T10:00:00+08:00', '2099-01-07T11:00:00+08:00', 'cancelled');
    await invite('2099-01-08T10:00:00+08:00', '2099-01-08T11:00:00+08:00', 'scheduled', 'accepted');
    await invite('2020-01-08T10:00:00+08:00', '2020-01-08T11:00:00+08:00');
    // a booking still awaiting the room's approval is no invitation yet
    await invite('2099-01-09T10:00:00+08:00', '2099-01-09T11:00:00+08:00', 'pending_approval');
    expect(await badge()).toBe(before + 2);
  });

  it("answers a week of availability: each day's free periods in turn, bookings of the whole week; at most 7 days", async () => {
    const { db } = ctx.server.database;
    const [{ id: organizerId }] = await db.select({ id: users.id }).from(users).limit(1);
    const [building] = await db.insert(meetingBuildings).values({ name: '研发楼' }).returning();
    const [room] = await db
      .insert(meetingRooms)
      .values({ buildingId: building.id, name: '周视图室', capacity: 8 })
      .returning();
    const startAt = new Date('2030-04-03T09:00:00+08:00');
    const endAt = new Date('2030-04-03T10:00:00+08:00');
    const [meeting] = await db
      .insert(meetings)
      .values({ subject: '周中例会', startAt, endAt, organizerId, roomId: room.id, signInSecret: 's' })
      .returning();
    await db.insert(roomBookings).values({ roomId: room.id, meetingId: meeting.id, startAt, endAt });

    const week = await (await ctx.as('lisi')).get<RoomDay>(`/api/meeting/rooms/${room.id}?date=2030-04-01&days=7`);
    expect(week.status, week.body.msg).toBe(200);
    expect(week.body.data.bookings.map((b) => b.subject)).toEqual(['周中例会']);
    // 7 whole days free except the 3rd, which is split around the meeting
    expect(week.body.data.freeSlots).toHaveLength(8);
    expect(week.body.data.freeSlots[0]).toEqual({
      startAt: new Date('2030-04-01T08:00:00+08:00').toISOString(),
      endAt: new Date('2030-04-01T20:00:00+08:00').toISOString(),
    });
    expect(week.body.data.freeSlots.at(-1)!.endAt).toBe(new Date('2030-04-07T20:00:00+08:00').toISOString());
    const tooLong = await (await ctx.as('lisi')).get(`/api/meeting/rooms?date=2030-04-01&days=8`);
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, '天数最多为7']);
  });
});
