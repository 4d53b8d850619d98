/** Message (消息) and reminder shapes. zod-free; the request schemas are in contract/message-schemas.ts (server only). */
import type { SendMessageBody } from './message-schemas';
export type { SendMessageBody };

/** An in-app inbox item (GET /api/message/inbox, the app channel). */
export interface InboxMessage {
  id: string;
  title: string;
  content: string;
  link: string | null;
  senderName: string;
  read: boolean;
  createdAt: string;
  /** the module the message comes from (消息中心's filters and its label) */
  source: MessageSource;
}

/** The modules a message can come from, in the order 消息中心 offers them as filters. */
export const MESSAGE_SOURCES = ['flow', 'mail', 'meeting', 'schedule', 'news', 'system'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];
export const MESSAGE_SOURCE_LABELS: Record<MessageSource, string> = {
  flow: '审批',
  mail: '邮件',
  meeting: '会议',
  schedule: '日程',
  news: '资讯',
  system: '系统',
};

// a message's link is the page it is about: its path names the module (审批代理 lives under 我的 but is 审批's)
const SOURCE_PREFIXES: [prefix: string, source: MessageSource][] = [
  ['/follow', 'flow'],
  ['/padflow', 'flow'],
  ['/myCenter/proxies', 'flow'],
  ['/email', 'mail'],
  ['/meeting', 'meeting'],
  ['/schedule', 'schedule'],
  ['/news', 'news'],
];

/** The module a message belongs to, read from its in-app link when it is sent; anything else is 系统. */
export function messageSourceOf(link: string | null | undefined): MessageSource {
  if (!link?.startsWith('/')) return 'system';
  return SOURCE_PREFIXES.find(([prefix]) => link.startsWith(prefix))?.[1] ?? 'system';
}

/**
 * The home-page badges, one per server module whose manifest declares a counter (flow: 待办 to act on, news: unread
 * plus to review, mail: unread, meeting: invitations to answer, message: unread inbox). The server does not start
 * when its manifests' counters and this list disagree (server/modules/badges/registry.ts).
 */
export const BADGE_KEYS = ['flow', 'news', 'mail', 'meeting', 'message'] as const;
export type BadgeKey = (typeof BADGE_KEYS)[number];

/** GET /api/message/badges data: counts for the home page entries, by module. */
export type Badges = Record<BadgeKey, number>;

/** How one reminder channel of a message went (GET /api/message/:id/deliveries). */
export interface ChannelOutcome {
  channel: string;
  label: string;
  /**
   * The app: sent when every receiver's device sent a receipt (or they read it in the app), partly when some did,
   * unconfirmed when none (pushes handed to the push service are no proof). The other channels: sent when the
   * provider took it for everyone, partly / failed when it refused some / all. sending: some still queued.
   */
  state: 'sent' | 'sending' | 'partly' | 'unconfirmed' | 'failed' | 'unavailable' | 'waiting' | 'stopped';
  pending: number;
  failed: number;
  reason: string | null;
}

/**
 * What is known of one channel for one person. Only a receipt from the device says a push arrived: handed to the
 * push service without one is 'unconfirmed' (推送未确认), never delivered.
 * - opened: tapped on the device, or read in the app (已查看 09:42); shown: the device showed it (已送达 09:41:03)
 * - unconfirmed: a push went to the push service and no device answered; inbox: app only, no device to push to
 * - handed: e-mail / WeCom / DingTalk / SMS accepted by the provider (已发出: no provider tells us more)
 * - sending, failed, unavailable (未配置)
 * - waiting: a later rung of the escalation ladder, not due yet (待升级); stopped: the ladder stopped before it went
 *   (已送达，未再升级 — the reason says why)
 */
export type PersonChannelState =
  | 'opened'
  | 'shown'
  | 'unconfirmed'
  | 'inbox'
  | 'handed'
  | 'sending'
  | 'failed'
  | 'unavailable'
  | 'waiting'
  | 'stopped';

export interface PersonChannelOutcome {
  channel: string;
  label: string;
  state: PersonChannelState;
  /** the time of the receipt (opened, shown) or of the hand-over (handed, unconfirmed), else null */
  at: string | null;
  /** what the sender reads, e.g. 已送达 09:41:03, 推送未确认, 未配置 */
  text: string;
}

/** One receiver of a reminder and what is known per channel. */
export interface PersonDelivery {
  receiverId: string;
  name: string;
  channels: PersonChannelOutcome[];
}

/** What the sender of a reminder is told, e.g. APP 已送达 1 人、推送未确认 1 人；已发出 邮件；短信 未发送（未配置）. */
export interface DeliveryReport {
  summary: string;
  channels: ChannelOutcome[];
  people: PersonDelivery[];
}

/**
 * The words of a person's channel outcome, one rule for the server's report and the client's sheet. `clock` formats
 * the ISO time in the reader's zone (HH:mm, or HH:mm:ss when `seconds`).
 */
export function personOutcomeText(
  outcome: { state: PersonChannelState; at: string | null; reason?: string | null },
  clock: (iso: string, seconds: boolean) => string,
): string {
  const when = (seconds: boolean) => (outcome.at ? ` ${clock(outcome.at, seconds)}` : '');
  switch (outcome.state) {
    case 'opened':
      return `已查看${when(false)}`;
    case 'shown':
      return `已送达${when(true)}`;
    case 'unconfirmed':
      return '推送未确认';
    case 'inbox':
      return '未开启推送（仅站内消息）';
    case 'handed':
      return `已发出${when(false)}`;
    case 'sending':
      return '发送中';
    case 'failed':
      return outcome.reason ? `未送达（${outcome.reason}）` : '未送达';
    case 'unavailable':
      return '未配置';
    case 'waiting':
      return '待升级';
    case 'stopped':
      return outcome.reason ?? '未再升级';
  }
}
