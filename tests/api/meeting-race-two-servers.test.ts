import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roomBookings } from '../../server/db/schema';
import { api, loginAs, type ApiResult } from '../factories/test-server';
import { at, deptOf, meetingClient, roomOf, userId } from '../factories/meeting-client';
import {
  createSeededPgDatabase,
  openServerDatabase,
  spawnServer,
  type ServerProcess,
} from '../support-bench/spawn-server';
import { startCpuHogs } from './support/cpu-hogs';
import { useServer } from './support/server';

/**
 * What 50 racing bookings of one slot must hear, however loaded the machine: one 200, and for every loser a 409 naming
 * the winner, or (a conflict the database kept breaking off) 503 with Retry-After; never 500.
 */
function expectOneWinner(answers: ApiResult<{ id: string }>[], subject: RegExp) {
  const won = answers.filter((a) => a.status === 200);
  expect(won, JSON.stringify(answers.filter((a) => a.status !== 409).map((a) => [a.status, a.body.msg]))).toHaveLength(
    1,
  );
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(answers.length - 1);
  for (const answer of refused) {
    expect([409, 503], answer.body.msg).toContain(answer.status);
    if (answer.status === 503) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  const clashes = refused.filter((a) => a.status === 409);
  // nearly all losers are told who won; a 503 is the rare exception, not the answer
  expect(clashes.length).toBeGreaterThanOrEqual(answers.length / 2);
  const winner = subject.exec(clashes[0]!.body.msg)?.[0];
  expect(winner).toBeDefined();
  expect(clashes.every((a) => a.body.msg === `该会议室在 14:00–15:00 已被「${winner}」预订`)).toBe(true);
  return won[0]!.body.data.id;
}

// Two OS processes, each with its own connection pool and memory, on one PostgreSQL database: neither can serialise
// the bookings in memory, so only the database's exclusion constraint stands between 50 parallel requests and a
// double-booked room.
describe('the double-booking race across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createSeededPgDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  let hogs: Awaited<ReturnType<typeof startCpuHogs>> | undefined;
  afterAll(async () => {
    await hogs?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('lets exactly one of 50 parallel bookings of one slot through with the CPUs busy; the others hear 409 naming the winner, never 500', async () => {
    database = await createSeededPgDatabase('oa_meeting_race');
    servers.push(
      ...(await Promise.all([
        spawnServer({ DATABASE_URL: database.url }),
        spawnServer({ DATABASE_URL: database.url }),
      ])),
    );
    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect(first.child.pid).not.toBe(second.child.pid);
    const organisers = ['lisi', 'zhangsan', 'yangfan', 'huangmin', 'wuhao'];
    // each organiser logs in on both processes; odd requests go to the second process, even ones to the first
    const tokens = await Promise.all(
      organisers.flatMap((u) => [loginAs(first.baseUrl, u, '123456'), loginAs(second.baseUrl, u, '123456')]),
    );
    const slot = { roomId: roomOf('创新室'), startAt: at('2031-05-06', '14:00'), endAt: at('2031-05-06', '15:00') };
    // spinning processes beside the two servers and PostgreSQL, as on a CI runner running suites in parallel
    hogs = await startCpuHogs();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const onSecond = i % 2 === 1;
        const organiser = Math.floor(i / 2) % organisers.length;
        const token = tokens[organiser * 2 + (onSecond ? 1 : 0)]!;
        const body = {
          ...slot,
          subject: `跨进程抢订${i}`,
          hostDeptId: deptOf('admin-office'),
          inviteeIds: [userId('zhaoliu')],
        };
        return api(onSecond ? second.baseUrl : first.baseUrl, token).post<{ id: string }>('/api/meeting', body);
      }),
    );
    await hogs.stop();
    const wonId = expectOneWinner(answers, /跨进程抢订\d+/);

    const direct = await openServerDatabase({ DATABASE_URL: database.url });
    try {
      const held = await direct.db.select().from(roomBookings).where(eq(roomBookings.roomId, slot.roomId));
      expect(held.filter((b) => b.startAt.toISOString() === slot.startAt).map((b) => b.meetingId)).toEqual([wonId]);
    } finally {
      await direct.close();
    }
  }, 180_000);
});

describe('the double-booking race on PGlite with the CPUs busy', () => {
  const ctx = useServer('pglite');
  const m = meetingClient(ctx);

  it('lets exactly one of 50 parallel bookings through; the others hear 409 naming the winner, never 500', async () => {
    const organisers = ['lisi', 'zhangsan', 'yangfan', 'huangmin', 'wuhao'];
    await Promise.all(organisers.map((u) => ctx.uidOf(u)));
    const slot = { roomId: roomOf('创新室'), startAt: at('2031-05-07', '14:00'), endAt: at('2031-05-07', '15:00') };
    const hogs = await startCpuHogs();
    let answers: ApiResult<{ id: string }>[];
    try {
      answers = (await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          m.create(
            organisers[i % organisers.length]!,
            m.body({ ...slot, subject: `单进程抢订${i}`, inviteeIds: [userId('zhaoliu')] }),
          ),
        ),
      )) as ApiResult<{ id: string }>[];
    } finally {
      await hogs.stop();
    }
    const wonId = expectOneWinner(answers, /单进程抢订\d+/);
    const held = await ctx.server.database.db.select().from(roomBookings).where(eq(roomBookings.roomId, slot.roomId));
    expect(held.filter((b) => b.startAt.toISOString() === slot.startAt).map((b) => b.meetingId)).toEqual([wonId]);
  }, 180_000);
});

// A deadlock on demand: a booking held open (uncommitted) in the slot makes every racer's insert wait for it; when it
// rolls back, racers that each inserted into the exclusion constraint's index wait for one another, and PostgreSQL
// breaks the cycle off as a deadlock (40P01), which was answered 500. Locking the room's row before the clash check
// lets only one racer reach the insert at a time.
describe('bookings queued behind an uncommitted booking of the slot on PostgreSQL', () => {
  const ctx = useServer('pg');
  const m = meetingClient(ctx);

  it('answers one 200 and 409s naming the winner once the held booking rolls back, no deadlock and no 500', async () => {
    const { db } = ctx.server.database;
    const organisers = ['lisi', 'zhangsan', 'yangfan', 'huangmin'];
    await Promise.all(organisers.map((u) => ctx.uidOf(u)));
    const slot = { roomId: roomOf('创新室'), startAt: at('2031-05-08', '14:00'), endAt: at('2031-05-08', '15:00') };
    // a meeting without a room: the held transaction gives it a booking in the raced slot
    const holder = await m.create(
      'lisi',
      m.body({ roomId: null, onlineLink: 'https://meet.example.com/hold', startAt: slot.startAt, endAt: slot.endAt }),
    );
    expect(holder.status, holder.body.msg).toBe(200);
    const waiting = async () => {
      const rows = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    let racing: Promise<ApiResult<{ id: string }>[]> | undefined;
    await db
      .transaction(async (tx) => {
        await tx.insert(roomBookings).values({
          roomId: slot.roomId,
          meetingId: holder.body.data.id,
          startAt: new Date(slot.startAt),
          endAt: new Date(slot.endAt),
        });
        racing = Promise.all(
          organisers.map((u, i) =>
            m.create(u, m.body({ ...slot, subject: `排队抢订${i}`, inviteeIds: [userId('zhaoliu')] })),
          ),
        ) as Promise<ApiResult<{ id: string }>[]>;
        // every racer is queued (behind the held row, or behind the room's lock) before the hold is given up
        await expect.poll(waiting, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(organisers.length);
        throw new Error('give the slot up');
      })
      .catch((error: Error) => expect(error.message).toBe('give the slot up'));
    const answers = await racing!;
    const won = answers.filter((a) => a.status === 200);
    expect(won, JSON.stringify(answers.map((a) => [a.status, a.body.msg]))).toHaveLength(1);
    const winner = /排队抢订\d/.exec(answers.find((a) => a.status !== 200)!.body.msg)?.[0];
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.msg])).toEqual(
      Array.from({ length: organisers.length - 1 }, () => [409, `该会议室在 14:00–15:00 已被「${winner}」预订`]),
    );
  }, 120_000);
});
