import type { MailAttachment, MailListRow, MailPriority, MailRecipient, MailRecipientKind } from '@contract/mail';

/** A list row as the query reads it. */
export interface MailListRecord {
  id: string;
  folder: string;
  subject: string;
  bodyText: string;
  senderId: string;
  senderName: string;
  recipientNames: string[] | null;
  priority: string;
  confidential: boolean;
  attachments: MailAttachment[];
  seen: boolean;
  starred: boolean;
  at: Date;
}

const SUMMARY_CHARS = 60;

export function presentListRow(row: MailListRecord): MailListRow {
  return {
    id: row.id,
    folder: row.folder as MailListRow['folder'],
    subject: row.subject || '（无主题）',
    summary: Array.from(row.bodyText.replace(/\s+/g, ' ')).slice(0, SUMMARY_CHARS).join(''),
    sender: { id: row.senderId, name: row.senderName },
    recipientNames: row.recipientNames ?? [],
    priority: row.priority as MailPriority,
    confidential: row.confidential,
    hasAttachments: row.attachments.length > 0,
    seen: row.seen,
    starred: row.starred,
    at: row.at.toISOString(),
  };
}

export interface RecipientRecord {
  id: string;
  name: string;
  kind: string;
  readAt: Date | null;
}

export function presentRecipient(row: RecipientRecord, withReceipt: boolean): MailRecipient {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as MailRecipientKind,
    readAt: withReceipt && row.readAt ? row.readAt.toISOString() : null,
  };
}
