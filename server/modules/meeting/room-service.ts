import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { RoomDay, RoomEquipment } from '@contract/meeting';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { meetingBuildings, meetingRooms, meetings, roomBookings } from '../../db/schema';
import { dateKey, dayStart, parseDateKey } from '../schedule/shanghai-time';
import { freeSlots } from './room-availability';

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
      .select({ roomId: roomBookings.roomId, meetingId: roomBookings.meetingId, subject: meetings.subject, startAt: roomBookings.startAt, endAt: roomBookings.endAt })
      .from(roomBookings)
      .innerJoin(meetings, eq(meetings.id, roomBookings.meetingId))
      .where(and(roomId ? eq(roomBookings.roomId, roomId) : undefined, lt(roomBookings.startAt, new Date(dayStart(first + days))), gt(roomBookings.endAt, new Date(from))))
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
      bookings: own.map((b) => ({ meetingId: b.meetingId, subject: b.subject, startAt: iso(b.startAt), endAt: iso(b.endAt) })),
      freeSlots: room.available ? dayKeys.flatMap((key) => freeSlots(own, key)).map((s) => ({ startAt: iso(s.startAt), endAt: iso(s.endAt) })) : [],
    };
  });
}

/** One room and its day (the room page); a room that does not exist is a 404. */
export async function roomDay(db: Db, date: string, roomId: string, days = 1): Promise<RoomDay> {
  const [room] = await roomsForDay(db, date, roomId, days);
  if (!room) throw new AppError(404, '会议室不存在');
  return room;
}
