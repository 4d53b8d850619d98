import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AiCard, AiToolCallRecord } from '@contract/ai';
import { users } from './users';

/** An AI助手 conversation; only its owner reads or changes it. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_owner_idx').on(t.ownerId, t.updatedAt)],
);

/** One question or answer; a stopped or failed answer is kept with what had streamed. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull().default(''),
    toolCalls: jsonb('tool_calls').$type<AiToolCallRecord[]>().notNull().default([]),
    cards: jsonb('cards').$type<AiCard[]>().notNull().default([]),
    status: text('status').$type<'complete' | 'stopped' | 'error'>().notNull().default('complete'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
