import { describe, expect, it } from 'vitest';
import type { ScheduleEvent, ScheduleOccurrence } from '../../contract/schedule';
import { at, userId } from '../factories/meeting-client';
import { cjk, drivers, useServer } from './support/server';

describe.each(drivers)('schedule dates, visibility, edit scopes and participants on %s', (driver) => {
  const ctx = useServer(driver);
  const range = async (user: string, from: string, to: string) => {
    const answer = await (
      await ctx.as(user)
    ).get<ScheduleOccurrence[]>(`/api/schedule/occurrences?from=${from}&to=${to}`);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const create = async (user: string, body: Record<string, unknown>) => {
    const answer = await (await ctx.as(user)).post<{ id: string }>('/api/schedule/events', body);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const detail = async (user: string, id: string) => {
    const answer = await (await ctx.as(user)).get<ScheduleEvent>(`/api/schedule/events/${id}`);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  /** Every day of the range with the titles shown that day (days without any left out). */
  const byDay = async (user: string, from: string, to: string, prefix: string) => {
    const days: Record<string, string[]> = {};
    for (const o of await range(user, from, to)) {
      if (!o.title.startsWith(prefix)) continue;
      const day = new Date(Date.parse(o.startAt) + 8 * 3_600_000).toISOString().slice(0, 10);
      (days[day] ??= []).push(o.title);
    }
    return days;
  };

  it('answers impossible or malformed dates with 400 and a Chinese message on every schedule route', async () => {
    const me = await ctx.as('zhaoliu');
    const id = await create('zhaoliu', {
      title: '日期校验',
      startAt: at('2026-03-02', '09:00'),
      endAt: at('2026-03-02', '10:00'),
      recurrence: { freq: 'daily', count: 3 },
    });
    const answers = [
      await me.get('/api/schedule/occurrences?from=2026-01-01&to=2026-02-31'),
      await me.get('/api/schedule/occurrences?from=2026-13-01&to=2026-12-31'),
      await me.get('/api/schedule/occurrences?from=2026-00-10&to=2026-01-31'),
      await me.get('/api/schedule/occurrences?from=2025-02-29&to=2025-03-31'),
      await me.get('/api/schedule/occurrences?from=tomorrow&to=2026-01-31'),
      await me.get('/api/schedule/occurrences?to=2026-01-31'),
      await me.post('/api/schedule/events', {
        title: '坏日期',
        startAt: '2026-02-31T09:00:00+08:00',
        endAt: at('2026-03-01', '10:00'),
      }),
      await me.post('/api/schedule/events', {
        title: '坏截止',
        startAt: at('2026-03-02', '09:00'),
        endAt: at('2026-03-02', '10:00'),
        recurrence: { freq: 'daily', until: '2026-04-31' },
      }),
      await me.put(`/api/schedule/events/${id}`, {
        title: '改',
        startAt: at('2026-03-03', '09:00'),
        endAt: at('2026-03-03', '10:00'),
        scope: 'this',
        occurrenceDate: '2026-02-30',
      }),
      await me.delete(`/api/schedule/events/${id}?scope=this&occurrenceDate=2026-04-31`),
      await me.delete(`/api/schedule/events/${id}?scope=following&occurrenceDate=2026-3-3`),
      // there is no year 0 (PostgreSQL refuses it: this was a 500)
      await me.get('/api/schedule/occurrences?from=0000-01-01&to=0000-01-31'),
    ];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 400));
    for (const a of answers) expect(a.body.msg).toMatch(cjk);
    expect(answers[0]!.body.msg).toBe('日期不存在，请检查年、月、日');
    expect(answers[3]!.body.msg).toBe('日期不存在，请检查年、月、日');
    expect(answers[6]!.body.msg).toBe('开始时间格式不正确');
    expect(answers.at(-1)!.body.msg).toBe('日期不存在，请检查年、月、日');
    // a leap day is a real date
    expect((await me.get('/api/schedule/occurrences?from=2028-02-29&to=2028-03-01')).status).toBe(200);
    // nothing was changed by the refused writes
    expect(await byDay('zhaoliu', '2026-03-01', '2026-03-31', '日期校验')).toEqual({
      '2026-03-02': ['日期校验'],
      '2026-03-03': ['日期校验'],
      '2026-03-04': ['日期校验'],
    });
  });

  it('answers 404 on every verb for an event the caller may not see; a participant reads but may not write (403)', async () => {
    const id = await create('zhaoliu', {
      title: '私密日程',
      startAt: at('2033-01-10', '14:00'),
      endAt: at('2033-01-10', '15:00'),
      participantIds: [userId('sunqi')],
    });
    const body = { title: '偷改', startAt: at('2033-01-10', '14:00'), endAt: at('2033-01-10', '15:00') };
    const stranger = await ctx.as('wangqiang');
    const answers = [
      await stranger.get(`/api/schedule/events/${id}`),
      await stranger.put(`/api/schedule/events/${id}`, body),
      await stranger.delete(`/api/schedule/events/${id}`),
      await stranger.post(`/api/schedule/events/${id}/response`, { response: 'accepted' }),
    ];
    expect(answers.map((a) => [a.status, a.body.msg, a.body.data ?? null])).toEqual(
      answers.map(() => [404, '日程不存在', null]),
    );
    const participant = await ctx.as('sunqi');
    expect((await participant.get(`/api/schedule/events/${id}`)).status).toBe(200);
    const edit = await participant.put(`/api/schedule/events/${id}`, body);
    expect([edit.status, edit.body.msg]).toEqual([403, '只能修改自己创建的日程']);
    const del = await participant.delete(`/api/schedule/events/${id}`);
    expect([del.status, del.body.msg]).toEqual([403, '只能修改自己创建的日程']);
    expect((await detail('zhaoliu', id)).title).toBe('私密日程');
  });

  it('edits one occurrence, this-and-following and the whole series exactly, and deletes with each scope', async () => {
    const series = { freq: 'daily', count: 6 } as const;
    const id = await create('hejing', {
      title: '晨会',
      startAt: at('2033-03-01', '09:00'),
      endAt: at('2033-03-01', '09:30'),
      recurrence: series,
    });
    const stored = (await detail('hejing', id)).recurrence;
    const put = (eventId: string, body: Record<string, unknown>) =>
      ctx.as('hejing').then((c) => c.put<{ id: string }>(`/api/schedule/events/${eventId}`, body));

    const one = await put(id, {
      title: '晨会（改）',
      startAt: at('2033-03-02', '10:00'),
      endAt: at('2033-03-02', '10:30'),
      recurrence: stored,
      scope: 'this',
      occurrenceDate: '2033-03-02',
    });
    expect(one.status, one.body.msg).toBe(200);

    // the client that sent the series' first date for a later occurrence duplicated the event: refused now
    const early = await put(id, {
      title: '晨会（新）',
      startAt: at('2033-03-01', '09:00'),
      endAt: at('2033-03-01', '09:30'),
      recurrence: stored,
      scope: 'following',
      occurrenceDate: '2033-03-04',
    });
    expect([early.status, early.body.msg]).toEqual([400, '此日程及之后的开始日期不能早于所选日程']);

    // the same rule sent back continues the series: its remaining count, not six more
    const following = await put(id, {
      title: '晨会（新）',
      startAt: at('2033-03-04', '08:30'),
      endAt: at('2033-03-04', '09:00'),
      recurrence: stored,
      scope: 'following',
      occurrenceDate: '2033-03-04',
    });
    expect(following.status, following.body.msg).toBe(200);
    const newId = following.body.data.id;
    expect(newId).not.toBe(id);
    expect(await byDay('hejing', '2033-02-25', '2033-03-15', '晨会')).toEqual({
      '2033-03-01': ['晨会'],
      '2033-03-02': ['晨会（改）'],
      '2033-03-03': ['晨会'],
      '2033-03-04': ['晨会（新）'],
      '2033-03-05': ['晨会（新）'],
      '2033-03-06': ['晨会（新）'],
    });
    const moved = (await range('hejing', '2033-03-05', '2033-03-05')).find((o) => o.eventId === newId)!;
    expect([moved.startAt, moved.endAt]).toEqual([at('2033-03-05', '08:30'), at('2033-03-05', '09:00')]);

    // the whole (earlier) series: a new title, the moved occurrence keeps its own
    const first = await detail('hejing', id);
    const all = await put(id, {
      title: '早会',
      startAt: first.startAt,
      endAt: first.endAt,
      recurrence: first.recurrence,
      scope: 'all',
    });
    expect(all.status, all.body.msg).toBe(200);
    expect(await byDay('hejing', '2033-02-25', '2033-03-15', '')).toMatchObject({
      '2033-03-01': ['早会'],
      '2033-03-02': ['晨会（改）'],
      '2033-03-03': ['早会'],
      '2033-03-04': ['晨会（新）'],
    });

    const del = (eventId: string, query: string) =>
      ctx.as('hejing').then((c) => c.delete(`/api/schedule/events/${eventId}${query}`));
    expect((await del(newId, '?scope=this&occurrenceDate=2033-03-05')).status).toBe(200);
    expect((await del(id, '?scope=following&occurrenceDate=2033-03-02')).status).toBe(200);
    expect(await byDay('hejing', '2033-02-25', '2033-03-15', '')).toEqual({
      '2033-03-01': ['早会'],
      '2033-03-04': ['晨会（新）'],
      '2033-03-06': ['晨会（新）'],
    });
    expect((await del(newId, '?scope=all')).status).toBe(200);
    expect(await byDay('hejing', '2033-02-25', '2033-03-15', '')).toEqual({ '2033-03-01': ['早会'] });
  });

  it('invites participants who see the event, accept or decline it; strangers do not see it', async () => {
    const id = await create('zhaoliu', {
      title: '项目复盘',
      startAt: at('2033-05-10', '14:00'),
      endAt: at('2033-05-10', '15:00'),
      participantIds: [userId('sunqi'), userId('hejing')],
    });
    const seen = async (user: string) =>
      (await range(user, '2033-05-10', '2033-05-10')).find((o) => o.eventId === id) ?? null;
    expect((await seen('sunqi'))?.myResponse).toBe('pending');
    expect((await seen('zhaoliu'))?.myResponse).toBeNull();
    expect(await seen('wangqiang')).toBeNull();

    const accepted = await (
      await ctx.as('sunqi')
    ).post(`/api/schedule/events/${id}/response`, { response: 'accepted' });
    expect([accepted.status, accepted.body.msg]).toEqual([200, '已接受日程']);
    const declined = await (
      await ctx.as('hejing')
    ).post(`/api/schedule/events/${id}/response`, { response: 'declined' });
    expect([declined.status, declined.body.msg]).toEqual([200, '已拒绝日程']);
    expect((await seen('sunqi'))?.myResponse).toBe('accepted');
    expect((await seen('hejing'))?.myResponse).toBe('declined');

    const owner = await detail('zhaoliu', id);
    expect(owner.mine).toBe(true);
    expect(owner.ownerName).toMatch(cjk);
    expect(owner.participants.map((p) => [p.id, p.response])).toEqual([
      [userId('sunqi'), 'accepted'],
      [userId('hejing'), 'declined'],
    ]);
    for (const p of owner.participants) expect(p.name).toMatch(cjk);
    expect(await detail('sunqi', id)).toMatchObject({ mine: false, myResponse: 'accepted' });

    const bad = await (await ctx.as('sunqi')).post(`/api/schedule/events/${id}/response`, { response: 'maybe' });
    expect([bad.status, bad.body.msg]).toEqual([400, '请选择接受或拒绝']);
    const ownerAnswers = await (
      await ctx.as('zhaoliu')
    ).post(`/api/schedule/events/${id}/response`, { response: 'accepted' });
    expect([ownerAnswers.status, ownerAnswers.body.msg]).toEqual([409, '您是日程创建人，无需回复']);

    // the owner drops 何静: she no longer sees it, 孙七 keeps his answer
    const edit = await (
      await ctx.as('zhaoliu')
    ).put(`/api/schedule/events/${id}`, {
      title: '项目复盘',
      startAt: at('2033-05-10', '14:00'),
      endAt: at('2033-05-10', '15:00'),
      participantIds: [userId('sunqi')],
    });
    expect(edit.status, edit.body.msg).toBe(200);
    expect(await seen('hejing')).toBeNull();
    expect((await (await ctx.as('hejing')).get(`/api/schedule/events/${id}`)).status).toBe(404);
    expect((await seen('sunqi'))?.myResponse).toBe('accepted');
  });

  it('ends a series on a date or after a number of occurrences', async () => {
    await create('lisi', {
      title: '周报提交',
      startAt: at('2033-06-06', '17:00'),
      endAt: at('2033-06-06', '17:30'),
      recurrence: { freq: 'weekly', until: '2033-06-27' },
    });
    await create('lisi', {
      title: '站会打卡',
      startAt: at('2033-06-06', '09:00'),
      endAt: at('2033-06-06', '09:15'),
      recurrence: { freq: 'daily', interval: 2, count: 3 },
    });
    expect(Object.keys(await byDay('lisi', '2033-06-01', '2033-07-31', '周报提交'))).toEqual([
      '2033-06-06',
      '2033-06-13',
      '2033-06-20',
      '2033-06-27',
    ]);
    expect(Object.keys(await byDay('lisi', '2033-06-01', '2033-07-31', '站会打卡'))).toEqual([
      '2033-06-06',
      '2033-06-08',
      '2033-06-10',
    ]);
    const both = await (
      await ctx.as('lisi')
    ).post('/api/schedule/events', {
      title: '冲突',
      startAt: at('2033-06-06', '09:00'),
      endAt: at('2033-06-06', '10:00'),
      recurrence: { freq: 'daily', count: 2, until: '2033-06-30' },
    });
    expect([both.status, both.body.msg]).toEqual([400, '重复次数和截止日期只能选一个']);
  });
});
