import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { RoomDay, RoomEquipment, RoomsFreeBusy } from '@contract/meeting';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { meetingBuildings, meetingRooms, meetings, roomBookings } from '../../db/schema';
import { dateKey, dayStart, parseDateKey } from '../../lib/shanghai-time';
import { freeMinutes, freeSlots, mergeBusy } from './room-availability';

const iso = (ms: number) => new Date(ms).toISOString();

/** Every room with the day's (or `days` days') bookings and free periods: two queries, whatever the number of rooms. */
export async function roomsForDay(db: Db, date: string, roomId?: string, days = 1): Promise<RoomDay[]> {
  const first = parseDateKey(date);
  const from = dayStart(first);
  const dayKeys = Array.from({ length: days }, (_, i) => dateKey(first + i));
  const [rooms, booked] = await Promise.all([
    db
      .select({ room: meetingRooms, buildingName: meetingBuildings.name })
      .from(meetingRooms)
      .innerJoin(meetingBuildings, eq(meetingBuildings.id, meetingRooms.buildingId))
      .where(roomId ? eq(meetingRooms.id, roomId) : undefined)
      .orderBy(asc(meetingBuildings.sort), asc(meetingRooms.sort), asc(meetingRooms.name)),
    db
      .select({
        roomId: roomBookings.roomId,
        meetingId: roomBookings.meetingId,
        subject: meetings.subject,
        startAt: roomBookings.startAt,
        endAt: roomBookings.endAt,
      })
      .from(roomBookings)
      .innerJoin(meetings, eq(meetings.id, roomBookings.meetingId))
      .where(
        and(
          roomId ? eq(roomBookings.roomId, roomId) : undefined,
          lt(roomBookings.startAt, new Date(dayStart(first + days))),
          gt(roomBookings.endAt, new Date(from)),
        ),
      )
      .orderBy(asc(roomBookings.startAt)),
  ]);
  // bookings grouped by room in one pass (a filter per room would be rooms × bookings)
  const byRoom = new Map<string, { meetingId: string; subject: string; startAt: number; endAt: number }[]>();
  for (const b of booked) {
    const list = byRoom.get(b.roomId) ?? [];
    list.push({ meetingId: b.meetingId, subject: b.subject, startAt: b.startAt.getTime(), endAt: b.endAt.getTime() });
    byRoom.set(b.roomId, list);
  }
  return rooms.map(({ room, buildingName }) => {
    const own = byRoom.get(room.id) ?? [];
    return {
      id: room.id,
      buildingId: room.buildingId,
      buildingName,
      name: room.name,
      floor: room.floor,
      capacity: room.capacity,
      equipment: room.equipment as RoomEquipment[],
      photoUrl: null, // no route stores room photos yet; the preview link comes with the room admin route
      needsApproval: room.needsApproval,
      available: room.available,
      bookings: own.map((b) => ({
        meetingId: b.meetingId,
        subject: b.subject,
        startAt: iso(b.startAt),
        endAt: iso(b.endAt),
      })),
      freeSlots: room.available
        ? dayKeys.flatMap((key) => freeSlots(own, key)).map((s) => ({ startAt: iso(s.startAt), endAt: iso(s.endAt) }))
        : [],
    };
  });
}

/** One room and its day (the room page); a room that does not exist is a 404. */
export async function roomDay(db: Db, date: string, roomId: string, days = 1): Promise<RoomDay> {
  const [room] = await roomsForDay(db, date, roomId, days);
  if (!room) throw new AppError(404, '会议室不存在');
  return room;
}

type FreeBusyRow = {
  id: string;
  buildingId: string;
  buildingName: string;
  name: string;
  floor: string;
  capacity: number;
  equipment: RoomEquipment[];
  needsApproval: boolean;
  available: boolean;
  periods: string | null; // 'start,end,start,end…' in minutes since the first midnight, sorted by start
};

/**
 * Every room's busy and free periods over `days` days from `date` (the week view) in one query: the database finds
 * the week's bookings through the exclusion constraint's GiST index on (room_id, tstzrange) and hands each room's
 * bookings over as one string of minute offsets, so no booking row, meeting or subject crosses the wire and nothing
 * is parsed per booking (what made the booking-by-booking week cost ~30 ms of CPU); the answer is a sixth the size.
 */
export async function roomsFreeBusy(db: Db, date: string, days: number): Promise<RoomsFreeBusy> {
  const first = parseDateKey(date);
  const fromMs = dayStart(first);
  const from = iso(fromMs);
  const to = iso(dayStart(first + days));
  const fromSeconds = fromMs / 1000;
  const span = days * 1440;
  const result = await db.execute<FreeBusyRow>(sql`
    with booked as (
      select room_id, string_agg(
        greatest(0, floor((date_part('epoch', start_at) - ${fromSeconds}::float8) / 60))::int || ',' ||
        least(${span}::int, ceil((date_part('epoch', end_at) - ${fromSeconds}::float8) / 60))::int, ',' order by start_at) as periods
      from ${roomBookings}
      where tstzrange(start_at, end_at) && tstzrange(${from}::timestamptz, ${to}::timestamptz)
      group by room_id
    )
    select r.id, r.building_id as "buildingId", b.name as "buildingName", r.name, r.floor, r.capacity,
      array_to_json(r.equipment) as equipment, r.needs_approval as "needsApproval", r.available, k.periods
    from ${meetingRooms} r
    join ${meetingBuildings} b on b.id = r.building_id
    left join booked k on k.room_id = r.id
    order by b.sort, r.sort, r.name`);
  const rows = Array.isArray(result) ? (result as FreeBusyRow[]) : (result as { rows: FreeBusyRow[] }).rows;
  return {
    from,
    days,
    rooms: rows.map((r) => {
      const busy = mergeBusy(r.periods ?? '');
      const { id, buildingId, buildingName, name, floor, capacity, equipment, needsApproval, available } = r;
      return {
        id,
        buildingId,
        buildingName,
        name,
        floor,
        capacity,
        equipment,
        photoUrl: null,
        needsApproval,
        available,
        busy,
        free: available ? freeMinutes(busy, days) : [],
      };
    }),
  };
}
