import { MESSAGE_SOURCES, type InboxMessage, type MessageSource } from '@contract/message';

/** An inbox row (the app-channel delivery joined with its message and sender). */
export function presentInboxMessage(row: {
  id: string;
  title: string;
  content: string;
  link: string | null;
  senderName: string | null;
  read: boolean;
  createdAt: Date;
  source: string;
}): InboxMessage {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    link: row.link,
    senderName: row.senderName ?? '系统',
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    source: (MESSAGE_SOURCES as readonly string[]).includes(row.source) ? (row.source as MessageSource) : 'system',
  };
}
