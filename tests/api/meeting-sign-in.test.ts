import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignedInPerson, SignInTokenAnswer } from '../../contract/meeting';
import { meetings } from '../../server/db/schema';
import { createSignInTokens } from '../../server/modules/meeting/sign-in-token';
import { meetingClient, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

describe.each(drivers)('meeting sign-in on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const online = (startIn: number, endIn: number) =>
    m.body({
      roomId: null,
      onlineLink: 'https://meet.example.com/a',
      startAt: soon(startIn),
      endAt: soon(endIn),
      inviteeIds: [userId('zhangsan'), userId('zhaoliu'), userId('sunqi')],
    });
  const signIn = async (user: string, body: Record<string, unknown>) =>
    (await m.as(user)).post('/api/meeting/sign-in', body);
  const secretOf = async (id: string) =>
    (await ctx.server.database.db.select().from(meetings).where(eq(meetings.id, id)))[0]!;

  it('a declined invitee who signs in with the code is 已接受 and signed in, not 已拒绝 and signed in', async () => {
    const id = (await m.create('lisi', online(10, 70))).body.data.id;
    expect((await m.respond('zhangsan', id, 'declined')).status).toBe(200);
    const token = (await (await m.as('lisi')).get<SignInTokenAnswer>(`/api/meeting/${id}/sign-in-token`)).body.data;
    const signed = await signIn('zhangsan', { code: token.shortCode, meetingId: id });
    expect([signed.status, signed.body.msg]).toEqual([200, '签到成功']);
    const zhangsan = (await m.detail('lisi', id)).participants.find((p) => p.name === '张三')!;
    expect([zhangsan.response, Boolean(zhangsan.signedInAt)]).toEqual(['accepted', true]);
  });

  it('signs invitees in with the QR code or the six digits, once; the organiser sees the live list', async () => {
    const id = (await m.create('lisi', online(10, 70))).body.data.id;
    const token = await (await m.as('lisi')).get<SignInTokenAnswer>(`/api/meeting/${id}/sign-in-token`);
    expect(token.status, token.body.msg).toBe(200);
    expect(Date.parse(token.body.data.expiresAt)).toBeGreaterThan(Date.now());
    expect((await (await m.as('zhangsan')).get(`/api/meeting/${id}/sign-in-token`)).status).toBe(403);

    const first = await signIn('zhangsan', {
      code: `https://oa.example.com/meeting/scanCodePage?code=${token.body.data.token}`,
    });
    expect([first.status, first.body.msg]).toEqual([200, '签到成功']);
    const replay = await signIn('zhangsan', { code: token.body.data.token });
    expect([replay.status, replay.body.msg]).toEqual([200, '您已签到']);
    const short = await signIn('zhaoliu', { code: token.body.data.shortCode, meetingId: id });
    expect([short.status, short.body.msg]).toEqual([200, '签到成功']);
    const outsider = await signIn('wangqiang', { code: token.body.data.token });
    expect([outsider.status, outsider.body.msg]).toEqual([403, '您不是本次会议的参会人员']);

    const manual = await (await m.as('lisi')).post(`/api/meeting/${id}/manual-sign-in`, { userIds: [userId('sunqi')] });
    expect([manual.status, manual.body.msg]).toEqual([200, '签到成功']);
    const wrongPerson = await (
      await m.as('lisi')
    ).post(`/api/meeting/${id}/manual-sign-in`, { userIds: [userId('wangqiang')] });
    expect([wrongPerson.status, wrongPerson.body.msg]).toEqual([400, '签到人员不是本次会议的参会人员']);
    const list = (await (await m.as('lisi')).get<SignedInPerson[]>(`/api/meeting/${id}/sign-ins`)).body.data;
    expect(list.map((p) => [p.name, p.manual])).toEqual([
      ['张三', false],
      ['赵六', false],
      ['孙琪', true],
    ]);
    const detail = await m.detail('zhangsan', id);
    expect(detail.participants.find((p) => p.name === '张三')?.signedInAt).toBeTruthy();
    expect(detail.abilities.signIn).toBe(false);
  });

  it('refuses forged, expired and out-of-window codes with distinct messages', async () => {
    const id = (await m.create('lisi', online(5, 65))).body.data.id;
    const { token } = (await (await m.as('lisi')).get<SignInTokenAnswer>(`/api/meeting/${id}/sign-in-token`)).body.data;
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const forged = await signIn('zhangsan', { code: `${token.slice(0, -2)}${last}${token.at(-1)}` });
    expect([forged.status, forged.body.msg]).toEqual([400, '签到码无效']);
    expect((await signIn('zhangsan', { code: '123456', meetingId: id })).body.msg).toMatch(/^签到码(无效|已过期)$/);

    const row = await secretOf(id);
    const tokens = createSignInTokens(row.signInSecret);
    const window = { startAt: row.startAt.getTime(), endAt: row.endAt.getTime() };
    const old = tokens.issue(id, window, Date.now() - 120_000)!;
    const expired = await signIn('zhangsan', { code: old.token });
    expect([expired.status, expired.body.msg]).toEqual([400, '签到码已过期']);

    const later = (await m.create('lisi', online(24 * 60, 25 * 60))).body.data.id;
    const notYet = await (await m.as('lisi')).get(`/api/meeting/${later}/sign-in-token`);
    expect([notYet.status, notYet.body.msg]).toEqual([409, '不在签到时间内']);
    const laterRow = await secretOf(later);
    const early = createSignInTokens(laterRow.signInSecret).issue(
      later,
      { startAt: laterRow.startAt.getTime(), endAt: laterRow.endAt.getTime() },
      laterRow.startAt.getTime(),
    )!;
    const outside = await signIn('zhangsan', { code: early.token });
    expect([outside.status, outside.body.msg]).toEqual([409, '不在签到时间内']);

    await (await m.as('lisi')).post(`/api/meeting/${id}/cancel`, {});
    const cancelled = await signIn('zhangsan', { code: token });
    expect([cancelled.status, cancelled.body.msg]).toEqual([409, '会议已取消']);
  });
});
