import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CurrentScheduleFeed, ScheduleFeed } from '../../contract/schedule';
import { api } from '../factories/test-server';
import { at, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

// Issue 47 point 5: 添加到手机日历 exports one event; 订阅 shows the same address again until 重新生成.

describe.each(drivers)('one event as .ics and the subscription address on %s', (driver) => {
  const ctx = useServer(driver);
  const create = async (user: string, body: Record<string, unknown>) => {
    const answer = await (await ctx.as(user)).post<{ id: string }>('/api/schedule/events', body);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const exported = async (user: string, id: string) =>
    fetch(`${ctx.server.baseUrl}/api/schedule/events/${id}/export.ics`, { headers: { uid: await ctx.uidOf(user) } });
  const eventsIn = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

  it('exports one timed event at its Shanghai time, and only to those who may read it', async () => {
    const id = await create('zhaoliu', {
      title: '客户回访；带合同',
      startAt: at('2032-07-08', '21:30'),
      endAt: at('2032-07-08', '22:15'),
      location: '上海',
      participantIds: [userId('sunqi')],
    });
    await create('zhaoliu', {
      title: '别的日程',
      startAt: at('2032-07-09', '09:00'),
      endAt: at('2032-07-09', '10:00'),
    });
    const file = await exported('sunqi', id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/calendar');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    const text = await file.text();
    expect(text).toContain('DTSTART;TZID=Asia/Shanghai:20320708T213000');
    const [event, ...others] = eventsIn(text);
    expect(others).toEqual([]);
    expect([event!.summary, event!.location]).toEqual(['客户回访；带合同', '上海']);
    expect([event!.startDate.toJSDate().toISOString(), event!.endDate.toJSDate().toISOString()]).toEqual([
      at('2032-07-08', '21:30'),
      at('2032-07-08', '22:15'),
    ]);

    expect((await exported('wangqiang', id)).status).toBe(404);
    expect((await fetch(`${ctx.server.baseUrl}/api/schedule/events/${id}/export.ics`)).status).toBe(401);
    const bad = await fetch(`${ctx.server.baseUrl}/api/schedule/events/not-an-id/export.ics`, {
      headers: { uid: await ctx.uidOf('zhaoliu') },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toMatch(/日程ID/);
  });

  it('writes an all-day event as DATE values and a series with its RRULE', async () => {
    const allDay = await create('hejing', {
      title: '团建',
      startAt: at('2032-08-01', '00:00'),
      endAt: at('2032-08-03', '00:00'),
      allDay: true,
    });
    const day = await (await exported('hejing', allDay)).text();
    expect(day).toContain('DTSTART;VALUE=DATE:20320801');
    expect(day).toContain('DTEND;VALUE=DATE:20320803');
    const [holiday] = eventsIn(day);
    expect([holiday!.startDate.isDate, holiday!.startDate.toString(), holiday!.endDate.toString()]).toEqual([
      true,
      '2032-08-01',
      '2032-08-03',
    ]);

    const series = await create('hejing', {
      title: '双周例会',
      startAt: at('2032-09-06', '10:00'),
      endAt: at('2032-09-06', '11:00'),
      recurrence: { freq: 'weekly', interval: 2, count: 3 },
    });
    const text = await (await exported('hejing', series)).text();
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;.*INTERVAL=2/);
    const iterator = eventsIn(text)[0]!.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toJSDate().toISOString());
    expect(starts).toEqual(['2032-09-06', '2032-09-20', '2032-10-04'].map((d) => at(d, '10:00')));
  });

  it('shows the same subscription address until 重新生成, which ends the old one', async () => {
    const as = await ctx.as('sunqi');
    expect((await as.get<CurrentScheduleFeed>('/api/schedule/feed')).body.data).toEqual({ url: null });
    const made = (await as.post<ScheduleFeed>('/api/schedule/feed')).body.data.url;
    // looking again does not change it, so a phone that subscribed keeps working
    expect((await as.get<CurrentScheduleFeed>('/api/schedule/feed')).body.data.url).toBe(made);
    const path = (url: string) => url.replace(/^webcal:\/\/[^/]+/, '');
    expect((await fetch(`${ctx.server.baseUrl}${path(made)}`)).status).toBe(200);

    const renewed = (await as.post<ScheduleFeed>('/api/schedule/feed')).body.data.url;
    expect(renewed).not.toBe(made);
    expect((await as.get<CurrentScheduleFeed>('/api/schedule/feed')).body.data.url).toBe(renewed);
    expect((await fetch(`${ctx.server.baseUrl}${path(made)}`)).status).toBe(404);
    expect((await fetch(`${ctx.server.baseUrl}${path(renewed)}`)).status).toBe(200);
    // each person has their own address, and nobody reads it without a session
    expect((await (await ctx.as('hejing')).get<CurrentScheduleFeed>('/api/schedule/feed')).body.data.url).not.toBe(
      renewed,
    );
    expect((await api(ctx.server.baseUrl).get('/api/schedule/feed')).status).toBe(401);
  });
});
