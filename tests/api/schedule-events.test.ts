import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ScheduleEvent, ScheduleFeed, ScheduleOccurrence } from '../../contract/schedule';
import { api } from '../factories/test-server';
import { at, meetingClient, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

describe.each(drivers)('schedule events, series, meetings and .ics on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
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

  it('creates an event a participant also sees; others get 404; only the owner edits', async () => {
    const id = await create('zhaoliu', {
      title: '客户回访',
      startAt: at('2032-01-10', '14:00'),
      endAt: at('2032-01-10', '15:00'),
      location: '上海',
      participantIds: [userId('sunqi')],
    });
    expect((await range('zhaoliu', '2032-01-10', '2032-01-10')).map((o) => [o.title, o.location, o.startAt])).toEqual([
      ['客户回访', '上海', at('2032-01-10', '14:00')],
    ]);
    expect((await range('sunqi', '2032-01-01', '2032-01-31')).some((o) => o.eventId === id)).toBe(true);
    const detail = await (await ctx.as('sunqi')).get<ScheduleEvent>(`/api/schedule/events/${id}`);
    expect(detail.body.data).toMatchObject({ title: '客户回访', mine: false });
    expect((await (await ctx.as('wangqiang')).get(`/api/schedule/events/${id}`)).status).toBe(404);
    const edit = await (
      await ctx.as('sunqi')
    ).put(`/api/schedule/events/${id}`, {
      title: '改',
      startAt: at('2032-01-10', '14:00'),
      endAt: at('2032-01-10', '15:00'),
    });
    expect([edit.status, edit.body.msg]).toEqual([403, '只能修改自己创建的日程']);
    const removed = await (await ctx.as('zhaoliu')).delete(`/api/schedule/events/${id}`);
    expect([removed.status, removed.body.msg]).toEqual([200, '日程已删除']);
    expect(await range('zhaoliu', '2032-01-10', '2032-01-10')).toEqual([]);
  });

  it('expands a monthly series on the 31st in Shanghai time across months; edits one, then this-and-following, deletes one', async () => {
    const id = await create('zhaoliu', {
      title: '月度结账',
      startAt: at('2032-01-31', '09:00'),
      endAt: at('2032-01-31', '10:00'),
      recurrence: { freq: 'monthly', count: 6 },
    });
    const all = await range('zhaoliu', '2032-01-01', '2032-08-31');
    expect(all.filter((o) => o.eventId === id).map((o) => o.occurrenceDate)).toEqual([
      '2032-01-31',
      '2032-02-29',
      '2032-03-31',
      '2032-04-30',
      '2032-05-31',
      '2032-06-30',
    ]);
    // 09:00 in Shanghai is 01:00 UTC all year: China has no daylight saving
    expect(new Set(all.map((o) => o.startAt.slice(11, 16)))).toEqual(new Set(['01:00']));

    const one = await (
      await ctx.as('zhaoliu')
    ).put(`/api/schedule/events/${id}`, {
      title: '月度结账（提前）',
      startAt: at('2032-02-27', '09:00'),
      endAt: at('2032-02-27', '10:00'),
      recurrence: { freq: 'monthly', count: 6 },
      scope: 'this',
      occurrenceDate: '2032-02-29',
    });
    expect(one.status, one.body.msg).toBe(200);
    const feb = (await range('zhaoliu', '2032-02-01', '2032-02-29')).filter((o) => o.eventId === id);
    expect(feb.map((o) => [o.title, o.startAt])).toEqual([['月度结账（提前）', at('2032-02-27', '09:00')]]);

    const following = await (
      await ctx.as('zhaoliu')
    ).put<{ id: string }>(`/api/schedule/events/${id}`, {
      title: '月度结账（下午）',
      startAt: at('2032-04-30', '15:00'),
      endAt: at('2032-04-30', '16:00'),
      recurrence: { freq: 'monthly', byMonthDay: 31, count: 3 },
      scope: 'following',
      occurrenceDate: '2032-04-30',
    });
    expect(following.status, following.body.msg).toBe(200);
    const after = await range('zhaoliu', '2032-01-01', '2032-08-31');
    expect(after.filter((o) => o.title.startsWith('月度结账')).map((o) => [o.occurrenceDate, o.title])).toEqual([
      ['2032-01-31', '月度结账'],
      ['2032-02-29', '月度结账（提前）'],
      ['2032-03-31', '月度结账'],
      ['2032-04-30', '月度结账（下午）'],
      ['2032-05-31', '月度结账（下午）'],
      ['2032-06-30', '月度结账（下午）'],
    ]);
    const newId = following.body.data.id;
    const dropped = await (
      await ctx.as('zhaoliu')
    ).delete(`/api/schedule/events/${newId}?scope=this&occurrenceDate=2032-05-31`);
    expect(dropped.status, dropped.body.msg).toBe(200);
    expect((await range('zhaoliu', '2032-05-01', '2032-05-31')).some((o) => o.eventId === newId)).toBe(false);
    const badScope = await (await ctx.as('zhaoliu')).delete(`/api/schedule/events/${newId}?scope=this`);
    expect([badScope.status, badScope.body.msg]).toEqual([400, '请指定要删除的日程日期']);
  });

  it('puts meetings the user accepted (not pending or declined ones) on the calendar', async () => {
    const id = (
      await m.create(
        'lisi',
        m.body({
          subject: '周计划会',
          roomId: null,
          onlineLink: 'https://meet.example.com/w',
          startAt: at('2032-03-01', '09:00'),
          endAt: at('2032-03-01', '10:00'),
        }),
      )
    ).body.data.id;
    const seen = async (user: string) =>
      (await range(user, '2032-03-01', '2032-03-01')).some((o) => o.eventId === id && o.source === 'meeting');
    expect([await seen('lisi'), await seen('zhangsan'), await seen('zhaoliu')]).toEqual([true, false, false]);
    await m.respond('zhangsan', id, 'accepted');
    await m.respond('zhaoliu', id, 'declined');
    expect([await seen('zhangsan'), await seen('zhaoliu')]).toEqual([true, false]);
  });

  it('exports a valid .ics and serves it at a secret subscription address without a session', async () => {
    await create('hejing', {
      title: '周会',
      startAt: at('2032-04-05', '10:00'),
      endAt: at('2032-04-05', '11:00'),
      recurrence: { freq: 'weekly', count: 4 },
      notes: '带上周报，逗号,分号;',
    });
    const file = await fetch(`${ctx.server.baseUrl}/api/schedule/export.ics`, {
      headers: { uid: await ctx.uidOf('hejing') },
    });
    expect(file.headers.get('content-type')).toContain('text/calendar');
    const text = await file.text();
    const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const weekly = vevents.find((e) => e.summary === '周会')!;
    expect(weekly.description).toBe('带上周报，逗号,分号;');
    const it = weekly.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next; next = it.next()) starts.push(next.toJSDate().toISOString());
    expect(starts).toEqual(['2032-04-05', '2032-04-12', '2032-04-19', '2032-04-26'].map((d) => at(d, '10:00')));

    const feed = await (await ctx.as('hejing')).post<ScheduleFeed>('/api/schedule/feed');
    expect(feed.body.data.url).toMatch(/^webcal:\/\/.+\/api\/schedule\/feed\/[A-Za-z0-9_-]{32}\.ics$/);
    const path = feed.body.data.url.replace(/^webcal:\/\/[^/]+/, '');
    const polled = await fetch(`${ctx.server.baseUrl}${path}`);
    expect(polled.status).toBe(200);
    expect(await polled.text()).toContain('SUMMARY:周会');
    await (await ctx.as('hejing')).post('/api/schedule/feed');
    expect((await fetch(`${ctx.server.baseUrl}${path}`)).status).toBe(404);
  });

  it('validates: end after start, range limits, 401 first', async () => {
    expect((await api(ctx.server.baseUrl).get('/api/schedule/occurrences?from=2032-01-01&to=2032-01-31')).status).toBe(
      401,
    );
    const backwards = await (
      await ctx.as('zhaoliu')
    ).post('/api/schedule/events', {
      title: '倒流',
      startAt: at('2032-01-10', '15:00'),
      endAt: at('2032-01-10', '14:00'),
    });
    expect([backwards.status, backwards.body.msg]).toEqual([400, '结束时间必须晚于开始时间']);
    const noTitle = await (
      await ctx.as('zhaoliu')
    ).post('/api/schedule/events', {
      title: ' ',
      startAt: at('2032-01-10', '14:00'),
      endAt: at('2032-01-10', '15:00'),
    });
    expect([noTitle.status, noTitle.body.msg]).toEqual([400, '请输入日程标题']);
    const tooLong = await (await ctx.as('zhaoliu')).get('/api/schedule/occurrences?from=2030-01-01&to=2032-01-31');
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, '查询范围不能超过一年']);
    const missing = await (
      await ctx.as('zhaoliu')
    ).put('/api/schedule/events/00000000-0000-4000-8000-000000000000', {
      title: 'x',
      startAt: at('2032-01-10', '14:00'),
      endAt: at('2032-01-10', '15:00'),
    });
    expect([missing.status, missing.body.msg]).toEqual([404, '日程不存在']);
  });
});
