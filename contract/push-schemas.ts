import { z } from 'zod';

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
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions body. */
export const pushUnsubscribeBody = z.object({
  endpoint: z.string({ error: '推送地址不能为空' }).min(1, '推送地址不能为空').max(2000, '推送地址过长'),
});
