import { z } from 'zod';
import { reminderChannel } from './message-schemas';
import { IMAGE_DATA_URL, MAX_IMAGE_DATA_URL, MAX_OPINION_PHRASES, MAX_PHRASE_LENGTH } from './my';

/** Bodies of the 我的 writes (contract/my.ts lists the calls); the client imports only their types. */

const encrypted = (missing: string) => z.string({ error: missing }).min(1, missing).max(2048, '密码格式不正确');
export const passwordBody = z.object({
  oldPassword: encrypted('请输入原密码'),
  newPassword: encrypted('请输入新密码'),
});
export type PasswordBody = z.input<typeof passwordBody>;

export const channelsBody = z.object({ channels: z.array(reminderChannel).max(10, '提醒方式不正确') });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM');
/** PUT /api/my/preferences/escalation: the escalation order (each channel once) and 免打扰 (null: off) */
export const escalationBody = z.object({
  channelOrder: z
    .array(z.enum(['Wechat', 'DingTalk', 'sms', 'email']))
    .max(4)
    .refine((order) => new Set(order).size === order.length, '提醒顺序不能重复'),
  quietHours: z
    .object({ start: clock, end: clock })
    .refine((q) => q.start !== q.end, '免打扰的开始和结束不能相同')
    .nullable(),
});
export const phrasesBody = z.object({
  phrases: z
    .array(
      z.string().trim().min(1, '常用意见不能为空').max(MAX_PHRASE_LENGTH, `常用意见不能超过${MAX_PHRASE_LENGTH}字`),
    )
    .max(MAX_OPINION_PHRASES, `常用意见最多${MAX_OPINION_PHRASES}条`),
});
export const imageBody = z.object({
  image: z
    .string()
    .max(MAX_IMAGE_DATA_URL, '图片过大，请换一张较小的图片')
    .regex(IMAGE_DATA_URL, '图片格式不正确，仅支持PNG、JPEG、WEBP')
    .nullable(),
});
