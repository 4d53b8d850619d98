/**
 * AI助手 (module code `ai`). The routes (server/modules/ai/routes.ts) and what they carry:
 *   GET    /api/ai/conversations                     the caller's conversations, newest first → AiConversation[]
 *   POST   /api/ai/conversations                     { title? } → AiConversation
 *   PUT    /api/ai/conversations/:id                 rename { title }
 *   DELETE /api/ai/conversations/:id
 *   GET    /api/ai/conversations/:id/messages        → AiMessage[] (readable offline from the query cache)
 *   POST   /api/ai/conversations/:id/ask             { text } → a stream of AiStreamEvent (one JSON per SSE `data:`)
 * Closing the stream (the stop button) cancels the upstream model request.
 * This file is zod-free, for server and client alike; the request schemas are in contract/ai-schemas.ts (server only).
 */
import type { InstanceStatus } from './flow';

export type { AskBody, ConversationTitleBody } from './ai-schemas';

/** 待办 summary: the first few of the caller's to-dos, each opening its detail. */
export interface TodoListCard {
  kind: 'todoList';
  total: number;
  items: {
    taskId: string;
    instanceId: string;
    title: string;
    definitionName: string;
    initiatorName: string;
    createdAt: string;
    href: string;
  }[];
  /** the full 待办 list */
  moreHref: string;
}

/** One colleague from the address book. */
export interface UserCard {
  kind: 'user';
  id: string;
  realName: string;
  orgName: string;
  post: string | null;
  mobile: string | null;
  phone: string | null;
  email: string | null;
}

/** A prefilled start form: the user checks and submits it; the assistant never submits anything itself. */
export interface StartLinkCard {
  kind: 'startLink';
  definitionId: string;
  definitionName: string;
  /** form field key → value, also carried in `href` as the JSON search parameter `prefill` */
  prefill: Record<string, unknown>;
  /** readable lines for the card, e.g. 请假时间：2026-11-24 至 2026-11-25 */
  summary: string[];
  href: string;
}

/** Where a menu lives in the app. */
export interface MenuCard {
  kind: 'menu';
  title: string;
  /** breadcrumb as the user would tap it, e.g. 首页 › 审批 › 我发起的 */
  trail: string;
  href: string;
}

/** One approval the caller may see. */
export interface ApprovalCard {
  kind: 'approval';
  instanceId: string;
  title: string;
  serial: string;
  status: InstanceStatus;
  statusText: string;
  initiatorName: string;
  currentNodeNames: string[];
  href: string;
}

/** One published 资讯 article the caller may read, opening its detail. */
export interface NewsCard {
  kind: 'news';
  id: string;
  title: string;
  summary: string;
  channelName: string;
  authorName: string;
  publishedAt: string | null;
  href: string;
}

/** One of the caller's own mails (received or sent), opening its detail. */
export interface MailCard {
  kind: 'mail';
  id: string;
  subject: string;
  summary: string;
  senderName: string;
  /** sent time */
  at: string;
  seen: boolean;
  href: string;
}

export type AiCard = TodoListCard | UserCard | StartLinkCard | MenuCard | ApprovalCard | NewsCard | MailCard;

/**
 * The events of one answer, in order. A stream ends with exactly one `done` or one `error`; `delta` texts are
 * appended to the answer; a `tool` event is followed by the `card`s its result produced (possibly none).
 */
export type AiStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool'; id: string; name: string; args: Record<string, unknown> }
  | { type: 'card'; toolCallId: string; card: AiCard }
  | { type: 'error'; message: string }
  | { type: 'done'; stopped?: boolean };

export interface AiConversation {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface AiToolCallRecord {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

export interface AiMessage {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  toolCalls: AiToolCallRecord[];
  cards: AiCard[];
  /** assistant answers: complete, stopped by the user, or failed with `error` */
  status: 'complete' | 'stopped' | 'error';
  error: string | null;
  createdAt: string;
}
