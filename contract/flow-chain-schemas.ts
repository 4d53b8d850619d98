import { z } from 'zod';

/** POST /api/flow/definitions/:id/chain: the start form's values as they stand (partial: nothing is required yet). */
export const chainPreviewBody = z.object({
  formData: z.record(z.string(), z.unknown(), { error: '表单数据格式不正确' }).default({}),
});
export type ChainPreviewBody = z.input<typeof chainPreviewBody>;
