import { z } from 'zod';
import { reminderChannels } from './upms';
import { MESSAGE_SOURCES } from './message';
import { pageQuery } from './pagination-schemas';

/** Request bodies of the message calls, and the reminder channel every module's bodies check: server only. */

const channelKeys = Object.keys(reminderChannels) as [
  keyof typeof reminderChannels,
  ...(keyof typeof reminderChannels)[],
];

/** One reminder channel of the dictionary (contract/upms.ts). */
export const reminderChannel = z.enum(channelKeys, { error: '提醒方式不正确' });

// the app follows a message's link: only its own paths or a web address, never javascript:/data: or another host's
// scheme-relative `//x` (browsers also read `/\x` that way)
const messageLink = z
  .string()
  .max(500)
  .refine((v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), '链接地址不正确');

/**
 * The people a comment @mentions, in every module's comment body: each is reminded in 消息 (the server refuses one
 * who may not see the record).
 */
export const mentionIds = z.array(z.string().uuid('ID格式不正确')).max(20, '一次最多提及20人').default([]);

/** POST /api/upms/message/send body. */
export const sendMessageBody = z.object({
  title: z.string().trim().min(1, '请输入消息标题').max(200, '消息标题不能超过200字'),
  content: z.string().max(5000, '消息内容不能超过5000字').default(''),
  receiverIds: z.array(z.string().min(1)).min(1, '请选择接收人').max(1000, '接收人不能超过1000个'),
  channels: z.array(reminderChannel).min(1, '请选择提醒方式'),
  link: messageLink.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

const messageSource = z.enum(MESSAGE_SOURCES, { error: '消息来源不正确' });

/** GET /api/message/inbox query: paging, a title keyword, one source module, only unread. */
export const inboxQuery = pageQuery.extend({
  source: messageSource.optional(),
  unread: z
    .enum(['true', 'false'], { error: '未读筛选不正确' })
    .optional()
    .transform((v) => v === 'true'),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

/** POST /api/message/read-all body: every unread message, or one source module's. */
export const readAllBody = z.object({ source: messageSource.optional() }).default({});
