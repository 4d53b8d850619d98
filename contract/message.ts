/** Message (消息) and reminder shapes. zod-free; the request schemas are in contract/message-schemas.ts (server only). */
export type { SendMessageBody } from './message-schemas';

/** An in-app inbox item (GET /api/message/inbox, the app channel). */
export interface InboxMessage {
  id: string;
  title: string;
  content: string;
  link: string | null;
  senderName: string;
  read: boolean;
  createdAt: string;
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
  /** sent: every receiver reached; sending: some still queued; partly / failed: some / all could not be reached */
  state: 'sent' | 'sending' | 'partly' | 'failed' | 'unavailable';
  pending: number;
  failed: number;
  reason: string | null;
}

/** What the sender of a reminder is told, e.g. 已通过 APP、邮件 提醒；短信 未发送（未配置）. */
export interface DeliveryReport {
  summary: string;
  channels: ChannelOutcome[];
}
