import { describe, expect, it } from 'vitest';
import type { RoomDay, RoomsFreeBusy } from '../../contract/meeting';
import { meetingBuildings, meetingRooms, meetings, roomBookings, users } from '../../server/db/schema';
import { api } from '../factories/test-server';
import { drivers, useServer } from './support/server';

const MINUTE = 60_000;
/** Shanghai wall time as epoch ms. */
const wall = (date: string, clock: string) => Date.parse(`${date}T${clock}+08:00`);

describe.each(drivers)("the rooms' week of free/busy periods on %s", (driver) => {
  const ctx = useServer(driver);

  it("answers each room's busy periods (touching ones merged, clipped to the week) and the free ones inside working hours, in minutes", async () => {
    const { db } = ctx.server.database;
    const [{ id: organizerId }] = await db.select({ id: users.id }).from(users).limit(1);
    const [building] = await db.insert(meetingBuildings).values({ name: '空闲查询楼', sort: -100 }).returning();
    const [busyRoom, closedRoom] = await db
      .insert(meetingRooms)
      .values([
        { buildingId: building.id, name: '忙闲一室', capacity: 12, equipment: ['projector', 'video'], sort: 1 },
        { buildingId: building.id, name: '忙闲二室', capacity: 6, available: false, sort: 2 },
      ])
      .returning();
    const book = async (roomId: string, subject: string, startAt: number, endAt: number) => {
      const [m] = await db
        .insert(meetings)
        .values({ subject, startAt: new Date(startAt), endAt: new Date(endAt), organizerId, roomId, signInSecret: 's' })
        .returning();
      await db
        .insert(roomBookings)
        .values({ roomId, meetingId: m.id, startAt: new Date(startAt), endAt: new Date(endAt) });
    };
    // the week starts Monday 2030-05-06; a night session from Sunday runs into it
    await book(busyRoom.id, '通宵值守', wall('2030-05-05', '22:00:00'), wall('2030-05-06', '09:00:00'));
    await book(busyRoom.id, '晨会', wall('2030-05-08', '09:00:00'), wall('2030-05-08', '10:00:00'));
    await book(busyRoom.id, '评审会', wall('2030-05-08', '10:00:00'), wall('2030-05-08', '11:30:00'));
    await book(busyRoom.id, '半分钟会', wall('2030-05-10', '14:00:30'), wall('2030-05-10', '14:59:30'));
    await book(busyRoom.id, '下周的会', wall('2030-05-13', '09:00:00'), wall('2030-05-13', '10:00:00'));
    await book(closedRoom.id, '停用前的会', wall('2030-05-07', '09:00:00'), wall('2030-05-07', '10:00:00'));

    const answer = await (
      await ctx.as('lisi')
    ).get<RoomsFreeBusy>('/api/meeting/rooms/free-busy?date=2030-05-06&days=7');
    expect(answer.status, answer.body.msg).toBe(200);
    const week = answer.body.data;
    expect([week.from, week.days]).toEqual([new Date(wall('2030-05-06', '00:00:00')).toISOString(), 7]);
    const room = week.rooms.find((r) => r.id === busyRoom.id)!;
    expect(room).toMatchObject({
      name: '忙闲一室',
      buildingName: '空闲查询楼',
      capacity: 12,
      equipment: ['projector', 'video'],
      available: true,
    });
    const day = (n: number, clock: string) => n * 1440 + Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
    expect(room.busy).toEqual([
      [0, day(0, '09:00')], // Sunday's night session, clipped at Monday midnight
      [day(2, '09:00'), day(2, '11:30')], // 晨会 and 评审会 back to back: one busy period
      [day(4, '14:00'), day(4, '15:00')], // widened to whole minutes
    ]);
    expect(room.free).toEqual([
      [day(0, '09:00'), day(0, '20:00')],
      [day(1, '08:00'), day(1, '20:00')],
      [day(2, '08:00'), day(2, '09:00')],
      [day(2, '11:30'), day(2, '20:00')],
      [day(3, '08:00'), day(3, '20:00')],
      [day(4, '08:00'), day(4, '14:00')],
      [day(4, '15:00'), day(4, '20:00')],
      [day(5, '08:00'), day(5, '20:00')],
      [day(6, '08:00'), day(6, '20:00')],
    ]);
    // no subjects, no meeting ids: a free/busy answer says when, never what
    expect(JSON.stringify(room)).not.toContain('晨会');
    const closed = week.rooms.find((r) => r.id === closedRoom.id)!;
    expect([closed.available, closed.busy, closed.free]).toEqual([false, [[day(1, '09:00'), day(1, '10:00')]], []]);
    // rooms keep the order of the day view (building, then room), every room present even with nothing booked
    const dayView = (await (await ctx.as('lisi')).get<RoomDay[]>('/api/meeting/rooms?date=2030-05-06')).body.data;
    expect(week.rooms.map((r) => r.id)).toEqual(dayView.map((r) => r.id));
  });

  it('tells the same free periods as the booking-by-booking week of every room', async () => {
    const [freeBusy, detailed] = await Promise.all([
      (await ctx.as('lisi')).get<RoomsFreeBusy>('/api/meeting/rooms/free-busy?date=2030-05-06&days=7'),
      (await ctx.as('lisi')).get<RoomDay[]>('/api/meeting/rooms?date=2030-05-06&days=7'),
    ]);
    const from = Date.parse(freeBusy.body.data.from);
    const asMinutes = (r: RoomDay) =>
      r.freeSlots.map((s) => [(Date.parse(s.startAt) - from) / MINUTE, (Date.parse(s.endAt) - from) / MINUTE]);
    const byId = new Map(detailed.body.data.map((r) => [r.id, r]));
    // the half-minute meeting is the one place the two differ: the compact answer widens it to whole minutes
    const exact = freeBusy.body.data.rooms.filter((r) => r.name !== '忙闲一室');
    expect(exact.length).toBeGreaterThan(1);
    for (const room of exact) expect(room.free, room.name).toEqual(asMinutes(byId.get(room.id)!));
  });

  it('refuses more than 7 days, a malformed date and a caller without a session', async () => {
    const lisi = await ctx.as('lisi');
    const tooLong = await lisi.get('/api/meeting/rooms/free-busy?date=2030-05-06&days=8');
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, '天数最多为7']);
    const bad = await lisi.get('/api/meeting/rooms/free-busy?date=2030/05/06');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('日期');
    expect((await api(ctx.server.baseUrl).get('/api/meeting/rooms/free-busy?date=2030-05-06')).status).toBe(401);
  });
});
