import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { meetingBuildings, meetingRooms, meetings, roomBookings, users } from '../../server/db/schema';
import { retryConflicts } from '../../server/modules/meeting/retry';
import { bookRoom } from '../../server/modules/meeting/booking';
import type { AppError } from '../../server/lib/app-error';
import { startTestServer, type TestServer } from '../factories/test-server';

// The database itself refuses overlapping bookings of one room (exclusion constraint), so no interleaving of
// writes can double-book a slot; the routes also queue the bookings of one room on its row lock, so racing
// requests do not deadlock in that constraint, and turn the refusal into a 409 naming the meeting.
const errorCode = (e: unknown): string | undefined => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code ?? err.cause?.code;
};

describe.each(['pglite', 'pg'] as const)('room bookings on %s', (driver) => {
  let server: TestServer;
  let roomId: string;
  let organizerId: string;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    const { db } = server.database;
    [{ id: organizerId }] = await db.select({ id: users.id }).from(users).limit(1);
    const [building] = await db.insert(meetingBuildings).values({ name: '测试楼' }).returning();
    [{ id: roomId }] = await db
      .insert(meetingRooms)
      .values({ buildingId: building.id, name: '301', capacity: 10 })
      .returning();
  }, 120_000);
  afterAll(() => server?.close());

  const newMeeting = async (startAt: Date, endAt: Date) => {
    const [row] = await server.database.db
      .insert(meetings)
      .values({ subject: '周例会', startAt, endAt, organizerId, roomId, signInSecret: 'x' })
      .returning({ id: meetings.id });
    return row.id;
  };
  const book = (meetingId: string, startAt: Date, endAt: Date) =>
    server.database.db.insert(roomBookings).values({ roomId, meetingId, startAt, endAt });

  it('lets exactly one of 50 parallel bookings of one slot through; the rest hear which meeting holds it', async () => {
    // the routes' way: each booking is a transaction that takes the room's lock first, so the 50 take turns
    const start = new Date('2026-12-01T02:00:00Z');
    const end = new Date('2026-12-01T03:00:00Z');
    const ids = await Promise.all(Array.from({ length: 50 }, () => newMeeting(start, end)));
    const results = await Promise.allSettled(
      ids.map((id) =>
        retryConflicts(() => server.database.db.transaction((tx) => bookRoom(tx, id, roomId, start, end))),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(new Set(refusals.map((e) => [e.status, e.message].join(' ')))).toEqual(
      new Set([`409 ${refusals[0]!.message}`]),
    );
    expect(refusals[0]!.message).toContain('周例会');
    const stored = await server.database.db.select().from(roomBookings).where(eq(roomBookings.roomId, roomId));
    expect(stored).toHaveLength(1);
  });

  it.runIf(driver === 'pg')(
    'an insert racing an uncommitted overlapping booking is refused by the database once that one commits',
    async () => {
      // no lock of ours here: the exclusion constraint alone keeps the slot single
      const start = new Date('2026-12-04T02:00:00Z');
      const end = new Date('2026-12-04T03:00:00Z');
      const [first, second] = [await newMeeting(start, end), await newMeeting(start, end)];
      let inserted!: () => void;
      let mayCommit!: () => void;
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      const commitAllowed = new Promise<void>((resolve) => (mayCommit = resolve));
      const holder = server.database.db.transaction(async (tx) => {
        await tx.insert(roomBookings).values({ roomId, meetingId: first, startAt: start, endAt: end });
        inserted();
        await commitAllowed;
      });
      await firstInserted;
      const racer = server.database.db
        .insert(roomBookings)
        .values({ roomId, meetingId: second, startAt: start, endAt: end })
        .then(() => null, errorCode);
      await expect
        .poll(async () => {
          const waiting = (await server.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          return waiting.rows[0]!.n;
        })
        .toBe(1);
      mayCommit();
      await holder;
      expect(await racer).toBe('23P01');
    },
  );

  it('allows back-to-back bookings and refuses one that overlaps by a minute', async () => {
    const t = (hhmm: string) => new Date(`2026-12-02T${hhmm}:00+08:00`);
    await book(await newMeeting(t('09:00'), t('10:00')), t('09:00'), t('10:00'));
    await book(await newMeeting(t('10:00'), t('11:00')), t('10:00'), t('11:00'));
    const clash = await book(await newMeeting(t('10:59'), t('12:00')), t('10:59'), t('12:00')).then(
      () => null,
      errorCode,
    );
    expect(clash).toBe('23P01');
  });

  it('refuses a booking that ends before it starts', async () => {
    const t = (hhmm: string) => new Date(`2026-12-03T${hhmm}:00+08:00`);
    const bad = await book(await newMeeting(t('09:00'), t('10:00')), t('10:00'), t('09:00')).then(
      () => null,
      errorCode,
    );
    expect(bad).toBe('23514');
  });
});
