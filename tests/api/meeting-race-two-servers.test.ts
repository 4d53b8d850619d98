import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roomBookings } from '../../server/db/schema';
import { api, loginAs } from '../factories/test-server';
import { at, deptOf, roomOf, userId } from '../factories/meeting-client';
import { createSeededPgDatabase, openServerDatabase, spawnServer, type ServerProcess } from '../support-bench/spawn-server';

// Two OS processes, each with its own connection pool and memory, on one PostgreSQL database: neither can serialise
// the bookings in memory, so only the database's exclusion constraint stands between 50 parallel requests and a
// double-booked room.
describe('the double-booking race across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createSeededPgDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('lets exactly one of 50 parallel bookings of one slot through; the other 49 hear 409 naming the winner', async () => {
    database = await createSeededPgDatabase('oa_meeting_race');
    servers.push(...(await Promise.all([spawnServer({ DATABASE_URL: database.url }), spawnServer({ DATABASE_URL: database.url })])));
    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect(first.child.pid).not.toBe(second.child.pid);
    const organisers = ['lisi', 'zhangsan', 'yangfan', 'huangmin', 'wuhao'];
    // each organiser logs in on both processes; odd requests go to the second process, even ones to the first
    const tokens = await Promise.all(
      organisers.flatMap((u) => [loginAs(first.baseUrl, u, '123456'), loginAs(second.baseUrl, u, '123456')]),
    );
    const slot = { roomId: roomOf('创新室'), startAt: at('2031-05-06', '14:00'), endAt: at('2031-05-06', '15:00') };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const onSecond = i % 2 === 1;
        const organiser = Math.floor(i / 2) % organisers.length;
        const token = tokens[organiser * 2 + (onSecond ? 1 : 0)]!;
        const body = { ...slot, subject: `跨进程抢订${i}`, hostDeptId: deptOf('admin-office'), inviteeIds: [userId('zhaoliu')] };
        return api(onSecond ? second.baseUrl : first.baseUrl, token).post<{ id: string }>('/api/meeting', body);
      }),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won, JSON.stringify(answers.filter((a) => a.status !== 409).map((a) => a.body))).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    const winner = /跨进程抢订\d+/.exec(refused[0]!.body.msg)?.[0];
    expect(winner).toBeDefined();
    expect(refused.every((a) => a.body.msg === `该会议室在 14:00–15:00 已被「${winner}」预订`)).toBe(true);

    const direct = await openServerDatabase({ DATABASE_URL: database.url });
    try {
      const held = await direct.db.select().from(roomBookings).where(eq(roomBookings.roomId, slot.roomId));
      expect(held.filter((b) => b.startAt.toISOString() === slot.startAt).map((b) => b.meetingId)).toEqual([won[0]!.body.data.id]);
    } finally {
      await direct.close();
    }
  }, 180_000);
});
