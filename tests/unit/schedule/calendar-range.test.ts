import { describe, expect, it } from 'vitest';
import { calendarRange, type AcceptedMeeting, type StoredEvent } from '../../../server/modules/schedule/calendar-range';

const sh = (wall: string) => Date.parse(`${wall}+08:00`);
const event = (id: string, start: string, end: string, over: Partial<StoredEvent> = {}): StoredEvent => ({
  id,
  title: id,
  startAt: sh(start),
  endAt: sh(end),
  allDay: false,
  location: '',
  color: '#1989fa',
  series: null,
  ...over,
});
const meeting = (id: string, response: AcceptedMeeting['response'], cancelled = false): AcceptedMeeting => ({
  id,
  subject: `会议${id}`,
  startAt: sh('2026-11-24T14:00:00'),
  endAt: sh('2026-11-24T15:00:00'),
  roomName: null,
  onlineLink: 'https://m.example/1',
  response,
  cancelled,
});

describe('calendar range', () => {
  const from = sh('2026-11-23T00:00:00');
  const to = sh('2026-11-26T00:00:00');

  it('merges single events, series occurrences and accepted meetings in start order', () => {
    const events = [
      event('late', '2026-11-25T18:00:00', '2026-11-25T19:00:00'),
      event('standup', '2026-11-02T09:00:00', '2026-11-02T09:15:00', {
        series: {
          rule: { freq: 'daily' },
          exdates: ['2026-11-24'],
          overrides: {
            '2026-11-25': {
              startAt: sh('2026-11-25T10:00:00'),
              endAt: sh('2026-11-25T10:15:00'),
              title: '站会（改期）',
            },
          },
        },
      }),
      event('holiday', '2026-11-25T00:00:00', '2026-11-26T00:00:00', { allDay: true }),
      event('outside', '2026-11-26T09:00:00', '2026-11-26T10:00:00'),
    ];
    const meetings = [
      meeting('a', 'accepted'),
      meeting('p', 'pending'),
      meeting('d', 'declined'),
      meeting('c', 'accepted', true),
    ];
    const got = calendarRange(events, meetings, from, to);
    expect(got.map((o) => `${o.title}@${o.startAt}`)).toEqual([
      'standup@2026-11-23T01:00:00.000Z',
      '会议a@2026-11-24T06:00:00.000Z',
      'holiday@2026-11-24T16:00:00.000Z',
      '站会（改期）@2026-11-25T02:00:00.000Z',
      'late@2026-11-25T10:00:00.000Z',
    ]);
    expect(got[1]).toMatchObject({ source: 'meeting', eventId: 'a', location: '线上会议', recurring: false });
    expect(got[3]).toMatchObject({
      source: 'event',
      eventId: 'standup',
      occurrenceDate: '2026-11-25',
      recurring: true,
    });
  });
});
