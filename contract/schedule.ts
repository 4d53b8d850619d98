/*
 * Schedule (日程) shapes. Times travel as ISO 8601 strings with an offset; the server reads them as instants and
 * does all calendar arithmetic in Asia/Shanghai wall time (UTC+8, no DST). Dates without a time ('YYYY-MM-DD')
 * are Asia/Shanghai calendar days. An all-day event starts at local midnight of its first day and ends at local
 * midnight after its last day (end exclusive), so "end after start" holds for every event.
 * This file is zod-free (the client imports its values); the request schemas are in contract/schedule-schemas.ts
 * (server only), and the body types below are theirs, re-exported as types only.
 */
import type { TextRule } from './field-rules';
import type { EventBody, EventEditBody, OccurrenceRangeQuery, RecurrenceRule } from './schedule-schemas';
export type { EventBody, EventEditBody, OccurrenceRangeQuery, RecurrenceRule };

/** The texts of an event: the event form checks them and eventBody (contract/schedule-schemas.ts) enforces them. */
export const eventTextRules = {
  title: { required: '请输入日程标题', max: 100, tooLong: '日程标题不能超过100字' },
  location: { max: 100, tooLong: '地点不能超过100字' },
  notes: { max: 2000, tooLong: '备注不能超过2000字' },
} as const satisfies Record<string, TextRule>;

export const END_AFTER_START = '结束时间必须晚于开始时间';
/** An event ends after it starts; a malformed time is reported by its own field, so only two real instants compare. */
export function endsAfterStart(e: { startAt: string; endAt: string }): boolean {
  const start = Date.parse(e.startAt);
  const end = Date.parse(e.endAt);
  return Number.isNaN(start) || Number.isNaN(end) || end > start;
}

export const scheduleTimeZone = 'Asia/Shanghai';

export const recurrenceFreqs = { daily: '每天', weekly: '每周', monthly: '每月' } as const;
export type RecurrenceFreq = keyof typeof recurrenceFreqs;

/** Weekdays as ISO numbers, Monday = 1 … Sunday = 7 (Chinese calendars start the week on Monday). */
export const weekdayLabels = { 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六', 7: '周日' } as const;

/** What a monthly series does in a month without its day (e.g. the 31st in April). */
export const monthEndRules = { clamp: '改为当月最后一天', skip: '跳过该月' } as const;

export const reminderMinuteOptions = [0, 5, 15, 30, 60, 120, 1440] as const;

/** Which occurrences an edit or delete of a recurring event touches. */
export const editScopes = { this: '仅此日程', following: '此日程及之后', all: '所有日程' } as const;
export type EditScope = keyof typeof editScopes;

/** One event as the calendar shows it: a single event, one occurrence of a series, or an accepted meeting. */
export interface ScheduleOccurrence {
  eventId: string;
  /** Original local day of the occurrence in its series (stable key for edits); null for single events. */
  occurrenceDate: string | null;
  source: 'event' | 'meeting';
  title: string;
  startAt: string;
  endAt: string;
  allDay: boolean;
  location: string;
  color: string;
  recurring: boolean;
  /** an event shared with the caller: their answer (the owner's own events and meetings: null) */
  myResponse: ParticipantResponse | null;
}

/** A participant's answer to an event they were invited to. */
export const participantAnswers = { accepted: '接受', declined: '拒绝' } as const;
export type ParticipantAnswer = keyof typeof participantAnswers;
export type ParticipantResponse = ParticipantAnswer | 'pending';
export const participantResponseLabels: Record<ParticipantResponse, string> = {
  pending: '待确认',
  accepted: '已接受',
  declined: '已拒绝',
};

export interface ScheduleParticipant {
  id: string;
  name: string;
  response: ParticipantResponse;
}

/** GET /api/schedule/events/:id: what the edit page fills in (the series as stored; occurrences come from the range). */
export interface ScheduleEvent {
  id: string;
  title: string;
  startAt: string;
  endAt: string;
  allDay: boolean;
  location: string;
  notes: string;
  reminderMinutes: number | null;
  color: string;
  participantIds: string[];
  recurrence: RecurrenceRule | null;
  mine: boolean; // the owner may edit; participants only read
  ownerName: string;
  participants: ScheduleParticipant[];
  /** the caller's own answer when they are a participant, null for the owner */
  myResponse: ParticipantResponse | null;
}

/** POST /api/schedule/feed: a new secret subscription address for phone calendars (webcal); the old one stops working. */
export interface ScheduleFeed {
  url: string;
}

/** GET /api/schedule/feed: the current address, null until the user makes one. */
export interface CurrentScheduleFeed {
  url: string | null;
}
