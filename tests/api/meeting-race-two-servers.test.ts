import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roomBookings } from '../../server/db/schema';
import { api, loginAs } from '../factories/test-server';
import { at, deptOf, roomOf, userId } from '../factories/meeting-client';
import { useTwoServers } from './support/two-servers';

// Each server has its own connection pool, so neither can serialise the bookings in memory: only the database's
// exclusion constraint stands between 50 parallel requests and a double-booked room.
describe('the double-booking race across two servers on one PostgreSQL', () => {
  const servers = useTwoServers();

  it('lets exactly one of 50 parallel bookings of one slot through; the other 49 hear 409 naming the winner', async () => {
    const organisers = ['lisi', 'zhangsan', 'yangfan', 'huangmin', 'wuhao'];
    const uids = await Promise.all(organisers.map((u) => loginAs(servers.first.baseUrl, u, '123456')));
    const slot = { roomId: roomOf('创新室'), startAt: at('2031-05-06', '14:00'), endAt: at('2031-05-06', '15:00') };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const baseUrl = i % 2 ? servers.second.baseUrl : servers.first.baseUrl;
        const body = { ...slot, subject: `跨实例抢订${i}`, hostDeptId: deptOf('admin-office'), inviteeIds: [userId('zhaoliu')] };
        return api(baseUrl, uids[i % uids.length]).post<{ id: string }>('/api/meeting', body);
      }),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    const winner = /跨实例抢订\d+/.exec(refused[0]!.body.msg)?.[0];
    expect(refused.every((a) => a.body.msg === `该会议室在 14:00–15:00 已被「${winner}」预订`)).toBe(true);
    const held = await servers.first.database.db.select().from(roomBookings).where(eq(roomBookings.roomId, slot.roomId));
    expect(held.filter((b) => b.startAt.toISOString() === slot.startAt).map((b) => b.meetingId)).toEqual([won[0]!.body.data.id]);
  });
});
