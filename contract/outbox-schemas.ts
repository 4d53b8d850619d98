import { z } from 'zod';
import { OUTBOX_BATCH_MAX } from './outbox';

const item = z.object({
  method: z.enum(['POST', 'PUT', 'DELETE'], { error: '请求方式不正确' }),
  url: z
    .string({ error: '请求地址不能为空' })
    .max(2000, '请求地址过长')
    .regex(/^\/api\/[\x21-\x7e]*$/, '请求地址不正确')
    // a batch inside a batch would bypass the limit
    .refine((url) => !url.startsWith('/api/outbox/'), '请求地址不正确'),
  body: z.unknown().optional(),
  idempotencyKey: z
    .string({ error: 'Idempotency-Key不能为空' })
    .min(1, 'Idempotency-Key不能为空')
    .max(200, 'Idempotency-Key格式不正确')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key格式不正确'),
});

/** POST /api/outbox/batch body. */
export const outboxBatchBody = z.object({
  items: z
    .array(item, { error: '请求列表不能为空' })
    .min(1, '请求列表不能为空')
    .max(OUTBOX_BATCH_MAX, `一次最多提交${OUTBOX_BATCH_MAX}项`)
    .refine((items) => new Set(items.map((i) => i.idempotencyKey)).size === items.length, 'Idempotency-Key不能重复'),
});
export type OutboxBatchBody = z.infer<typeof outboxBatchBody>;
