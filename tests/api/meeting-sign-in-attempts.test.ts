import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignInTokenAnswer } from '../../contract/meeting';
import { meetings } from '../../server/db/schema';
import { SIGN_IN_ATTEMPTS, SIGN_IN_LIMIT, SIGN_IN_WINDOW_SECONDS } from '../../server/modules/meeting/sign-in-attempts';
import { api, loginAs } from '../factories/test-server';
import { deptOf, meetingClient, userId, wrongShortCodes } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';
import { useTwoServers } from './support/two-servers';

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const onlineBody = (subject: string, invitees: string[]) => ({
  subject,
  roomId: null,
  onlineLink: 'https://meet.example.com/g',
  startAt: soon(10),
  endAt: soon(70),
  hostDeptId: deptOf('admin-office'),
  inviteeIds: invitees.map(userId),
});
const throttledMessage = /^签到码错误次数过多，请\d+分钟后再试$/;

/** What a 429 must carry: the Chinese message and a Retry-After within the window. */
function expectThrottled(answer: { status: number; headers: Headers; body: { msg: string } }) {
  expect(answer.status).toBe(429);
  expect(answer.body.msg).toMatch(throttledMessage);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
}

describe.each(drivers)('sign-in code guessing is limited per person and meeting on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const rowOf = async (id: string) =>
    (await ctx.server.database.db.select().from(meetings).where(eq(meetings.id, id)))[0]!;
  const signIn = async (user: string, body: Record<string, unknown>) =>
    (await m.as(user)).post<{ meetingId: string }>('/api/meeting/sign-in', body);
  const codeOf = async (id: string) =>
    (await (await m.as('lisi')).get<SignInTokenAnswer>(`/api/meeting/${id}/sign-in-token`)).body.data;

  it(`checks only ${SIGN_IN_ATTEMPTS} of 40 parallel wrong codes; the rest, and then the right one, hear 429 with Retry-After`, async () => {
    const id = (await m.create('lisi', onlineBody('猜码防护', ['zhangsan', 'zhaoliu']))).body.data.id;
    const wrong = wrongShortCodes(await rowOf(id), 40);
    const answers = await Promise.all(wrong.map((code) => signIn('zhangsan', { code, meetingId: id })));
    const checked = answers.filter((a) => a.status === 400);
    expect(checked).toHaveLength(SIGN_IN_ATTEMPTS);
    expect(new Set(checked.map((a) => a.body.msg))).toEqual(new Set(['签到码无效']));
    const throttled = answers.filter((a) => a.status !== 400);
    expect(throttled).toHaveLength(40 - SIGN_IN_ATTEMPTS);
    throttled.forEach(expectThrottled);

    // the right code does not get through either while the window lasts: a guess that hit would look the same
    expectThrottled(await signIn('zhangsan', { code: (await codeOf(id)).shortCode, meetingId: id }));
    // another invitee of the same meeting has their own attempts
    const other = await signIn('zhaoliu', { code: (await codeOf(id)).shortCode, meetingId: id });
    expect([other.status, other.body.msg]).toEqual([200, '签到成功']);

    // once the window has passed, the person is heard again (moved back rather than waited for)
    await ctx.server.database.db.execute(sql`
      update shared_limits set bucket_start = bucket_start - make_interval(secs => ${SIGN_IN_WINDOW_SECONDS + 1})
      where scope = ${SIGN_IN_LIMIT.scope} and subject like ${`${userId('zhangsan')}:%`} and bucket_start <> 'epoch'`);
    const later = await signIn('zhangsan', { code: (await codeOf(id)).shortCode, meetingId: id });
    expect([later.status, later.body.msg]).toEqual([200, '签到成功']);
  });

  it('counts only wrong codes: authentic scans, also refused ones, never use up the attempts', async () => {
    const id = (await m.create('lisi', onlineBody('只数错码', ['zhangsan', 'zhaoliu']))).body.data.id;
    const scans = SIGN_IN_ATTEMPTS + 2;
    // the same QR scanned again and again (a shaky hand, a reload): 签到成功 once, then 您已签到
    for (let i = 0; i < scans; i++) {
      const scan = await signIn('zhangsan', { code: (await codeOf(id)).token });
      expect([i, scan.status, scan.body.msg]).toEqual([i, 200, i ? '您已签到' : '签到成功']);
    }
    // the real code scanned by someone not invited is refused for that reason, every time, and is not a guess
    for (let i = 0; i < scans; i++) {
      const scan = await signIn('wangqiang', { code: (await codeOf(id)).token });
      expect([i, scan.status, scan.body.msg]).toEqual([i, 403, '您不是本次会议的参会人员']);
    }
    // the six digits with the meeting id likewise
    for (let i = 0; i < scans; i++) {
      const typed = await signIn('wangqiang', { code: (await codeOf(id)).shortCode, meetingId: id });
      expect([i, typed.status]).toEqual([i, 403]);
    }
    // wrong codes still count: after ten of them even the right one is refused, as a hit would look the same
    for (const code of wrongShortCodes(await rowOf(id), SIGN_IN_ATTEMPTS)) {
      const wrong = await signIn('zhaoliu', { code, meetingId: id });
      expect([wrong.status, wrong.body.msg]).toEqual([400, '签到码无效']);
    }
    expectThrottled(await signIn('zhaoliu', { code: (await codeOf(id)).token }));
    // about a hundred requests one after another, each reading the current code: 30 s ran out on a busy CI machine
  }, 120_000);

  it('signs in with the six digits alone (the server finds the meeting), under one attempt budget per person', async () => {
    const id = (await m.create('lisi', onlineBody('只输六位数字', ['sunqi', 'yangfan']))).body.data.id;
    // an outsider typing the right digits finds no meeting of theirs showing them
    const outsider = await signIn('wangqiang', { code: (await codeOf(id)).shortCode });
    expect([outsider.status, outsider.body.msg]).toEqual([400, '签到码无效']);
    const done = await signIn('sunqi', { code: (await codeOf(id)).shortCode });
    expect([done.status, done.body.msg, done.body.data.meetingId]).toEqual([200, '签到成功', id]);
    expect((await m.detail('lisi', id)).participants.find((p) => p.name === '孙琪')?.signedInAt).toBeTruthy();

    const wrong = wrongShortCodes(await rowOf(id), SIGN_IN_ATTEMPTS + 5);
    const answers = await Promise.all(wrong.map((code) => signIn('yangfan', { code })));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(SIGN_IN_ATTEMPTS);
    answers.filter((a) => a.status !== 400).forEach(expectThrottled);
    expectThrottled(await signIn('yangfan', { code: (await codeOf(id)).shortCode }));
  });
});

describe('sign-in attempts are counted once across two server processes on PostgreSQL', () => {
  const pair = useTwoServers();

  it(`lets ${SIGN_IN_ATTEMPTS} wrong codes through in all, whichever server each of 30 parallel guesses reaches`, async () => {
    const { first, second } = pair;
    const [organiser, guesser] = await Promise.all([
      loginAs(first.baseUrl, 'lisi', '123456'),
      loginAs(first.baseUrl, 'zhangsan', '123456'),
    ]);
    const created = await api(first.baseUrl, organiser).post<{ id: string }>(
      '/api/meeting',
      onlineBody('跨进程猜码', ['zhangsan']),
    );
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const [row] = await first.database.db.select().from(meetings).where(eq(meetings.id, id));
    const answers = await Promise.all(
      wrongShortCodes(row!, 30).map((code, i) =>
        api(i % 2 ? second.baseUrl : first.baseUrl, guesser).post('/api/meeting/sign-in', { code, meetingId: id }),
      ),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(SIGN_IN_ATTEMPTS);
    answers.filter((a) => a.status !== 400).forEach(expectThrottled);
    // both processes refuse the person now
    for (const baseUrl of [first.baseUrl, second.baseUrl])
      expectThrottled(
        await api(baseUrl, guesser).post('/api/meeting/sign-in', { code: wrongShortCodes(row!, 1)[0], meetingId: id }),
      );
  });
});
