import { z } from 'zod';

/** POST /api/form/poppage/getDataById body: which kind of record, and its id (custom: a 业务建模 record, contract/custom.ts). */
export const popPageBody = z.object({
  code: z.enum(['user', 'org', 'post', 'dict', 'custom'], { error: 'code 只能是 user、org、post、dict 或 custom' }),
  id: z.string().trim().min(1, '请提供ID').max(64, 'ID格式不正确'),
});
export type PopPageBody = z.infer<typeof popPageBody>;
