import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { meetingRooms, meetings, roomBookings } from '../../db/schema';
import { clashMessage, findClash } from './room-availability';

const exclusionViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.cause?.code ?? err.code) === '23P01';
};

/** The bookings of a room overlapping [start, end), with their meetings' subjects. */
async function overlapping(tx: Db, roomId: string, startAt: Date, endAt: Date) {
  const rows = await tx
    .select({
      meetingId: roomBookings.meetingId,
      subject: meetings.subject,
      startAt: roomBookings.startAt,
      endAt: roomBookings.endAt,
    })
    .from(roomBookings)
    .innerJoin(meetings, eq(meetings.id, roomBookings.meetingId))
    .where(and(eq(roomBookings.roomId, roomId), lt(roomBookings.startAt, endAt), gt(roomBookings.endAt, startAt)))
    .orderBy(asc(roomBookings.startAt));
  return rows.map((r) => ({ ...r, startAt: r.startAt.getTime(), endAt: r.endAt.getTime() }));
}

/** A 409 naming the meeting the slot clashes with, or null when the slot is free. */
async function clashRefusal(
  tx: Db,
  roomId: string,
  meetingId: string,
  startAt: Date,
  endAt: Date,
): Promise<AppError | null> {
  const clash = findClash(
    await overlapping(tx, roomId, startAt, endAt),
    { startAt: startAt.getTime(), endAt: endAt.getTime() },
    meetingId,
  );
  return clash ? new AppError(409, clashMessage(clash)) : null;
}

/**
 * The room must exist and be open for booking. Its row is locked for the rest of the transaction (FOR NO KEY UPDATE:
 * it queues other bookings of the room, not the foreign-key checks of rows pointing at it), so bookings of one room
 * take their turns: each clash check sees the booking committed before it, and two inserts never wait on each other's
 * uncommitted rows in the exclusion constraint (which PostgreSQL ends as a deadlock). Every booking takes the room's
 * lock before writing its booking, so the locks are always taken in one order.
 */
export async function bookableRoom(tx: Db, roomId: string) {
  const [room] = await tx.select().from(meetingRooms).where(eq(meetingRooms.id, roomId)).for('no key update');
  if (!room) throw new AppError(400, '会议室不存在');
  if (!room.available) throw new AppError(409, '该会议室暂停使用');
  return room;
}

/**
 * Holds the room for the meeting (replacing any earlier booking of it). The check before the insert names the clash
 * in the common case; the database's exclusion constraint is the real guard when requests race: the loser's
 * insert fails inside a savepoint, and the winner (committed by then) is looked up to name it.
 */
export async function bookRoom(tx: Db, meetingId: string, roomId: string, startAt: Date, endAt: Date): Promise<void> {
  // the room's lock first (bookableRoom took it already on the usual paths; taking it again is free)
  await tx.select({ id: meetingRooms.id }).from(meetingRooms).where(eq(meetingRooms.id, roomId)).for('no key update');
  await tx.delete(roomBookings).where(eq(roomBookings.meetingId, meetingId));
  const early = await clashRefusal(tx, roomId, meetingId, startAt, endAt);
  if (early) throw early;
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(roomBookings).values({ roomId, meetingId, startAt, endAt });
    });
  } catch (error) {
    if (!exclusionViolation(error)) throw error;
    throw (await clashRefusal(tx, roomId, meetingId, startAt, endAt)) ?? new AppError(409, '该会议室在该时段已被预订');
  }
}

/** Frees the room of a cancelled meeting. */
export async function releaseRoom(tx: Db, meetingId: string): Promise<void> {
  await tx.delete(roomBookings).where(eq(roomBookings.meetingId, meetingId));
}
