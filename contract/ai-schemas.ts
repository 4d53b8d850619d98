import { z } from 'zod';

/** Request bodies of the AI助手 calls (contract/ai.ts lists them): validated on the server only. */

/** POST …/ask body. */
export const askBody = z.object({
  text: z.string().trim().min(1, '请输入问题').max(4000, '问题不能超过4000字'),
});
export type AskBody = z.infer<typeof askBody>;

/** POST /api/ai/conversations and PUT …/:id body. */
export const conversationTitleBody = z.object({
  title: z.string().trim().min(1, '请输入会话名称').max(50, '会话名称不能超过50字'),
});
export type ConversationTitleBody = z.infer<typeof conversationTitleBody>;
