import type { AiConversation, AiMessage } from '@contract/ai';
import type { aiConversations, aiMessages } from '../../db/schema';

export type ConversationRow = typeof aiConversations.$inferSelect;
export type MessageRow = typeof aiMessages.$inferSelect;

/** Database rows → the contract's conversation and message. */
export const presentConversation = (r: ConversationRow): AiConversation => ({
  id: r.id,
  title: r.title,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const presentMessage = (r: MessageRow): AiMessage => ({
  id: r.id,
  conversationId: r.conversationId,
  role: r.role,
  content: r.content,
  toolCalls: r.toolCalls,
  cards: r.cards,
  status: r.status,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
});
