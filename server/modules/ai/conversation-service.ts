import { and, asc, desc, eq } from 'drizzle-orm';
import type { AiConversation, AiMessage } from '@contract/ai';
import type { Db } from '../../db/client';
import { aiConversations, aiMessages } from '../../db/schema';
import { conversationRefusal, enforce } from './policy';
import { presentConversation, presentMessage, type ConversationRow } from './presenter';
import type { AnswerRecord } from './answer-record';
import type { ChatMessage } from './model';

/** The conversation when the caller owns it; another user's conversation is answered like a missing one. */
export async function ownConversation(db: Db, userId: string, id: string): Promise<ConversationRow> {
  const [row] = await db.select().from(aiConversations).where(eq(aiConversations.id, id));
  enforce(conversationRefusal(userId, row));
  return row!;
}

export async function listConversations(db: Db, userId: string): Promise<AiConversation[]> {
  const rows = await db
    .select()
    .from(aiConversations)
    .where(eq(aiConversations.ownerId, userId))
    .orderBy(desc(aiConversations.updatedAt));
  return rows.map(presentConversation);
}

export async function createConversation(db: Db, userId: string, title = '新对话'): Promise<AiConversation> {
  const [row] = await db.insert(aiConversations).values({ ownerId: userId, title }).returning();
  return presentConversation(row!);
}

export async function renameConversation(db: Db, userId: string, id: string, title: string): Promise<AiConversation> {
  await ownConversation(db, userId, id);
  const [row] = await db
    .update(aiConversations)
    .set({ title, updatedAt: new Date() })
    .where(eq(aiConversations.id, id))
    .returning();
  return presentConversation(row!);
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<void> {
  await ownConversation(db, userId, id);
  await db.delete(aiConversations).where(eq(aiConversations.id, id));
}

export async function listMessages(db: Db, userId: string, id: string): Promise<AiMessage[]> {
  await ownConversation(db, userId, id);
  const rows = await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, id))
    .orderBy(asc(aiMessages.createdAt), asc(aiMessages.role));
  return rows.map(presentMessage);
}

/** Earlier turns as model input: the text of each question and answer (cards are not sent back upstream). */
export async function historyForModel(db: Db, conversationId: string, limit = 20): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(desc(aiMessages.createdAt))
    .limit(limit);
  return rows
    .reverse()
    .filter((r) => r.content)
    .map((r) => ({ role: r.role, content: r.content }));
}

/** Stores one question and its answer (also a stopped or failed one); the first question names a new conversation. */
export async function storeExchange(
  db: Db,
  conversation: ConversationRow,
  question: string,
  answer: AnswerRecord,
  askedAt: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(aiMessages)
      .values({ conversationId: conversation.id, role: 'user', content: question, createdAt: askedAt });
    await tx.insert(aiMessages).values({
      conversationId: conversation.id,
      role: 'assistant',
      ...answer,
      createdAt: new Date(Math.max(Date.now(), askedAt.getTime() + 1)),
    });
    const title = conversation.title === '新对话' ? question.slice(0, 20) : conversation.title;
    await tx
      .update(aiConversations)
      .set({ title, updatedAt: new Date() })
      .where(and(eq(aiConversations.id, conversation.id)));
  });
}
