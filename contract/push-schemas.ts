import { z } from 'zod';
import { PUSH_RECEIPT_EVENTS } from './push';

const base64url = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name}不正确` })
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name}不正确`)
    .min(min, `${name}不正确`)
    .max(max, `${name}不正确`);

/** POST /api/push/subscriptions body: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.object({
  endpoint: z.string({ error: '推送地址不能为空' }).url('推送地址不正确').max(2000, '推送地址过长'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // a P-256 point is 65 bytes (87 base64url characters), the auth secret 16 (22)
      p256dh: base64url('推送公钥', 80, 100),
      auth: base64url('推送密钥', 16, 32),
    },
    { error: '推送密钥不能为空' },
  ),
  /** the endpoint this device pushed to before, which the push service dropped (the app offered to turn push on again) */
  replaces: z.string().max(2000, '推送地址过长').optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions body. */
export const pushUnsubscribeBody = z.object({
  endpoint: z.string({ error: '推送地址不能为空' }).min(1, '推送地址不能为空').max(2000, '推送地址过长'),
});

/** POST /api/push/receipts body: the receipt token a push carried, and what happened to its notification. */
export const pushReceiptBody = z.object({
  token: base64url('回执', 22, 100),
  event: z.enum(PUSH_RECEIPT_EVENTS, { error: '回执类型不正确' }),
});

/**
 * POST /api/push/subscriptions/replace body (a service worker's pushsubscriptionchange): the browser's new
 * subscription, authorised by the old one's endpoint and auth secret, which only that browser and this server know.
 */
export const pushReplaceBody = z.object({
  oldEndpoint: z.string({ error: '原推送地址不能为空' }).min(1, '原推送地址不能为空').max(2000, '推送地址过长'),
  oldAuth: base64url('原推送密钥', 16, 32),
  subscription: pushSubscriptionBody,
});
