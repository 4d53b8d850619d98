import { describe, expect, it } from 'vitest';
import { at, meetingClient, roomOf, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

describe.each(drivers)('meetings a person may not see, and impossible dates, on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('answers an outsider 404 会议不存在 on every verb, exactly as for a meeting that does not exist', async () => {
    // sign-in is open (starts in 10 minutes), so the sign-in desk routes would otherwise answer
    const created = await m.create(
      'lisi',
      m.body({ roomId: null, onlineLink: 'https://meet.example.com/h', startAt: soon(10), endAt: soon(70) }),
    );
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const outsider = await m.as('wangqiang');
    const calls = (meetingId: string) =>
      [
        ['GET', () => outsider.get(`/api/meeting/${meetingId}`)],
        ['PUT', () => outsider.put(`/api/meeting/${meetingId}`, m.body())],
        ['cancel', () => outsider.post(`/api/meeting/${meetingId}/cancel`, {})],
        ['accept', () => outsider.post(`/api/meeting/${meetingId}/response`, { response: 'accepted' })],
        ['decline', () => outsider.post(`/api/meeting/${meetingId}/response`, { response: 'declined' })],
        ['minutes', () => outsider.post(`/api/meeting/${meetingId}/minutes`, { minutes: '纪要' })],
        ['sign-in-token', () => outsider.get(`/api/meeting/${meetingId}/sign-in-token`)],
        ['sign-ins', () => outsider.get(`/api/meeting/${meetingId}/sign-ins`)],
        [
          'manual-sign-in',
          () => outsider.post(`/api/meeting/${meetingId}/manual-sign-in`, { userIds: [userId('zhangsan')] }),
        ],
      ] as const;
    for (const [verb, call] of calls(id)) {
      const answer = await call();
      expect([verb, answer.status, answer.body.msg]).toEqual([verb, 404, '会议不存在']);
    }
    for (const [verb, call] of calls(missing)) {
      const answer = await call();
      expect([verb, answer.status, answer.body.msg]).toEqual([verb, 404, '会议不存在']);
    }
    // those who may see it still hear why they may not act: an invitee is not the organiser
    const invitee = await m.as('zhangsan');
    expect((await invitee.put(`/api/meeting/${id}`, m.body())).status).toBe(403);
    expect((await invitee.get(`/api/meeting/${id}/sign-in-token`)).status).toBe(403);
    // and the meeting was left as it was
    expect((await m.detail('lisi', id)).status).not.toBe('cancelled');
  });

  it('answers 400 with a Chinese message for dates that do not exist on every room route, never 500', async () => {
    const as = await m.as('lisi');
    const room = roomOf('第二会议室');
    for (const date of ['2026-02-30', '2026-13-45', '2026-00-10', '2026-04-31', '2027-02-29', '0000-01-01']) {
      for (const url of [
        `/api/meeting/rooms?date=${date}`,
        `/api/meeting/rooms/free-busy?date=${date}`,
        `/api/meeting/rooms/${room}?date=${date}`,
      ]) {
        const answer = await as.get(url);
        expect([url, answer.status, answer.body.msg]).toEqual([url, 400, '日期不存在，请检查年、月、日']);
      }
    }
    // real days (a leap day among them) still answer
    for (const date of ['2028-02-29', '2026-12-31']) {
      expect((await as.get(`/api/meeting/rooms/free-busy?date=${date}&days=7`)).status).toBe(200);
      expect((await as.get(`/api/meeting/rooms/${room}?date=${date}`)).status).toBe(200);
    }
    const malformed = await as.get('/api/meeting/rooms?date=2026-2-3');
    expect([malformed.status, malformed.body.msg]).toEqual([400, '日期格式应为YYYY-MM-DD']);
    // a booking's instants are checked as well: 2 月 30 日 is no time at all
    const body = m.body({ startAt: '2031-02-30T10:00:00+08:00', endAt: at('2031-03-01', '11:00') });
    const booked = await m.create('lisi', body);
    expect([booked.status, booked.body.msg]).toEqual([400, '开始时间格式不正确']);
  });
});
