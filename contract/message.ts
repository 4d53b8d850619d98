import { z } from 'zod';
import { reminderChannels } from './upms';

const channelKeys = Object.keys(reminderChannels) as [keyof typeof reminderChannels, ...(keyof typeof reminderChannels)[]];

/** One reminder channel of the dictionary (contract/upms.ts). */
export const reminderChannel = z.enum(channelKeys, { error: '提醒方式不正确' });

// the app follows a message's link: only its own paths or a web address, never javascript:/data: or another host's
// scheme-relative `//x` (browsers also read `/\x` that way)
const messageLink = z
  .string()
  .max(500)
  .refine((v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), '链接地址不正确');

/** POST /api/upms/message/send body. */
export const sendMessageBody = z.object({
  title: z.string().trim().min(1, '请输入消息标题').max(200, '消息标题不能超过200字'),
  content: z.string().max(5000, '消息内容不能超过5000字').default(''),
  receiverIds: z.array(z.string().min(1)).min(1, '请选择接收人').max(1000, '接收人不能超过1000个'),
  channels: z.array(reminderChannel).min(1, '请选择提醒方式'),
  link: messageLink.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

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
