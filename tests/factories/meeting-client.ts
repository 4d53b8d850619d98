/** Drives the 会议 module over HTTP as demo users (tests/api/meeting-*.test.ts share it). */
import { expect } from 'vitest';
import type { MeetingDetail, MeetingListRow } from '../../contract/meeting';
import { demoId } from '../../server/db/seed/demo-ids';
import { dateKey, dayNumber } from '../../server/lib/shanghai-time';
import { createSignInTokens } from '../../server/modules/meeting/sign-in-token';
import type { ServerContext } from '../api/support/server';

export const userId = (username: string) => demoId(`user:${username}`);
export const roomOf = (name: string) => demoId(`room:${name}`);
export const deptOf = (key: string) => demoId(`org:${key}`);

/** Shanghai wall time as an ISO instant, e.g. at('2031-03-04', '10:00'). */
export const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+08:00`).toISOString();

/** Shanghai's date n days from now, e.g. '2031-03-04'. */
export const shanghaiDayFromToday = (n: number) => dateKey(dayNumber(Date.now()) + n);

export function meetingClient(ctx: ServerContext) {
  const as = (user: string) => ctx.as(user);
  return {
    as,
    body: (over: Record<string, unknown> = {}) => ({
      subject: '项目评审会',
      roomId: roomOf('第二会议室'),
      startAt: at('2031-03-04', '10:00'),
      endAt: at('2031-03-04', '11:00'),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan'), userId('zhaoliu')],
      ...over,
    }),
    async create(user: string, body: Record<string, unknown>) {
      return (await as(user)).post<{ id: string }>('/api/meeting', body);
    },
    async detail(user: string, id: string) {
      const answer = await (await as(user)).get<MeetingDetail>(`/api/meeting/${id}`);
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data;
    },
    async list(user: string, kind: string, query = '') {
      const answer = await (
        await as(user)
      ).get<{ rows: MeetingListRow[]; total: number }>(`/api/meeting/list/${kind}?pageSize=100&${query}`);
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data;
    },
    async respond(user: string, id: string, response: 'accepted' | 'declined') {
      return (await as(user)).post(`/api/meeting/${id}/response`, { response });
    },
  };
}

/**
 * Six-digit codes that are none of the meeting's codes from 6 minutes ago to 3 minutes ahead (so none turns valid
 * or merely expired while a test sends them): each is answered 签到码无效 unless the attempts run out.
 */
export function wrongShortCodes(
  meeting: { id: string; signInSecret: string; startAt: Date; endAt: Date },
  n: number,
): string[] {
  const tokens = createSignInTokens(meeting.signInSecret);
  const window = { startAt: meeting.startAt.getTime(), endAt: meeting.endAt.getTime() };
  const near = new Set<string>();
  for (let k = -12; k <= 6; k++) {
    const issued = tokens.issue(meeting.id, window, Date.now() + k * tokens.slotMs);
    if (issued) near.add(issued.shortCode);
  }
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const code = String((123457 + i * 7919) % 1_000_000).padStart(6, '0');
    if (!near.has(code)) codes.push(code);
  }
  return codes;
}

export { listenLive } from './live-stream';
