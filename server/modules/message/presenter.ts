import type { InboxMessage } from '@contract/message';

/** An inbox row (the app-channel delivery joined with its message and sender). */
export function presentInboxMessage(row: {
  id: string;
  title: string;
  content: string;
  link: string | null;
  senderName: string | null;
  read: boolean;
  createdAt: Date;
}): InboxMessage {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    link: row.link,
    senderName: row.senderName ?? '系统',
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}
