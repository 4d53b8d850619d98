import type { FlowCounts } from './flow';
import type { NewsCounts } from './news';
import type { MailCounts } from './mail';

/**
 * Live events, typed per module, all on one server-sent event stream (a browser keeps six connections per server over
 * HTTP/1.1: a stream per module would hold most of them). The `event:` name is the module; the data of each is one of
 * the events below. `origin` is the Idempotency-Key of the request that caused the change (null for the snapshot sent
 * on connect, or a write sent without a key): the client that made the write already refetched what it changed, so it
 * ignores its own echo and the lists do not load twice.
 *
 *   GET /api/events?ticket=   (a 60 s ticket from POST /api/oauth/ticket)
 *     event: flow       data: FlowLiveEvent
 *     event: news       data: NewsLiveEvent
 *     event: mail       data: MailLiveEvent
 *     event: meeting    data: MeetingLiveEvent
 *     event: schedule   data: ScheduleLiveEvent
 */
export const LIVE_EVENTS_PATH = '/api/events';

interface LiveEventBase<M extends string, K extends string> {
  module: M;
  kind: K;
  origin: string | null;
}

/** The module's event kinds: `snapshot` once on connect, `changed` whenever the caller's lists or counts changed. */
export const FLOW_EVENT_KINDS = ['snapshot', 'changed'] as const;

/** 审批: the caller's counts (as GET /api/flow/counts) after the change; `instanceId` names the instance that changed. */
export type FlowLiveEvent = LiveEventBase<'flow', (typeof FLOW_EVENT_KINDS)[number]> &
  FlowCounts & { instanceId: string | null };

export const NEWS_EVENT_KINDS = ['snapshot', 'changed'] as const;

/** 资讯: the caller's counts after an article was submitted, reviewed or published; `articleId` names it. */
export type NewsLiveEvent = LiveEventBase<'news', (typeof NEWS_EVENT_KINDS)[number]> &
  NewsCounts & { articleId: string | null };

/** 邮件: the caller's counts after the change; `messageId` names the mail. */
export const MAIL_EVENT_KINDS = ['snapshot', 'changed'] as const;
export type MailLiveEvent = LiveEventBase<'mail', (typeof MAIL_EVENT_KINDS)[number]> &
  MailCounts & { messageId: string | null };

/** Every live event (add a module's type here when it streams). */
export type LiveEvent = FlowLiveEvent | NewsLiveEvent | MailLiveEvent | MeetingLiveEvent | ScheduleLiveEvent;
export type LiveModule = LiveEvent['module'];

/** 会议: the caller's invitations to answer after the change; `meetingId` names it. */
export const MEETING_EVENT_KINDS = ['snapshot', 'changed'] as const;
export type MeetingLiveEvent = LiveEventBase<'meeting', (typeof MEETING_EVENT_KINDS)[number]> & {
  invitations: number;
  meetingId: string | null;
};

/** 日程: the caller's calendar changed (an event, or a meeting they answered). */
export const SCHEDULE_EVENT_KINDS = ['snapshot', 'changed'] as const;
export type ScheduleLiveEvent = LiveEventBase<'schedule', (typeof SCHEDULE_EVENT_KINDS)[number]> & {
  eventId: string | null;
};
