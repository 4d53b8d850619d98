import type { UploadedFile } from './files';
import type { TextRule } from './field-rules';

/*
 * 邮件 (internal mail between staff). Calls:
 *   GET  /api/mail/list/:folder      Page<MailListRow>   folder: inbox | star | draft | sent | trash | all (search)
 *                                    total: the folder's size; with a keyword only the rows so far plus 1 when more follow
 *   GET  /api/mail/counts            MailCounts
 *   GET  /api/mail/messages/:id      MailDetail          (sender and recipients only; 404 otherwise)
 *   POST /api/mail/messages          MailWriteBody → { id }    save a draft (send=false) or send it
 *   POST /api/mail/messages/:id/read | star | unstar | delete | restore | purge
 *   GET  /api/mail/contacts/recent   MailPerson[]        people the caller wrote to lately
 *   GET  /api/events?ticket=         event: mail         MailLiveEvent (contract/live-events.ts), with every module's
 */

/** An attached file: the upload's own shape (POST /api/form/common/file/upload). */
export type MailAttachment = UploadedFile;

/** Where the in-app preview reads a mail attachment (with a link ticket); the only address serving a 机密 mail's. */
export const MAIL_ATTACHMENT_VIEW_PATH = '/api/mail/attachment';

/** What a send needs: the compose page checks it first and mailWriteBody (mail-schemas.ts) enforces it. */
export const mailSendRules = {
  recipients: '请选择收件人',
  subject: { required: '请输入邮件主题', max: 200, tooLong: '主题不能超过200字' },
} as const satisfies Record<string, TextRule | string>;

export const MAIL_FOLDERS = ['inbox', 'unread', 'star', 'draft', 'sent', 'trash', 'all'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

export const MAIL_FOLDER_LABELS: Record<MailFolder, string> = {
  inbox: '收件箱',
  unread: '未读邮件',
  star: '星标邮件',
  draft: '草稿箱',
  sent: '已发送',
  trash: '已删除',
  all: '全部邮件',
};

export const MAIL_PRIORITIES = ['high', 'normal', 'low'] as const;
export type MailPriority = (typeof MAIL_PRIORITIES)[number];
export const MAIL_PRIORITY_LABELS: Record<MailPriority, string> = { high: '重要', normal: '普通', low: '不重要' };

export type MailRecipientKind = 'to' | 'cc' | 'bcc';

export interface MailPerson {
  id: string;
  name: string;
}

/** A recipient as the detail shows it; `readAt` only to the sender of a mail asking for a read receipt. */
export interface MailRecipient extends MailPerson {
  kind: MailRecipientKind;
  readAt: string | null;
}

/** One row of a folder list. */
export interface MailListRow {
  id: string;
  folder: 'inbox' | 'sent' | 'drafts';
  subject: string;
  /** the first characters of the text */
  summary: string;
  sender: MailPerson;
  /** whom it goes to (sent and drafts show it): to and cc, and bcc only on the writer's own copy */
  recipientNames: string[];
  priority: MailPriority;
  /** 机密 */
  confidential: boolean;
  hasAttachments: boolean;
  seen: boolean;
  starred: boolean;
  /** sent time, or the last save of a draft */
  at: string;
}

export interface MailThreadItem {
  id: string;
  subject: string;
  senderName: string;
  at: string;
  relation: 'reply' | 'forward' | null;
}

export interface MailDetail {
  id: string;
  status: 'draft' | 'sent';
  subject: string;
  /** sanitised on save; render it through the client's sanitiser too */
  bodyHtml: string;
  sender: MailPerson;
  to: MailRecipient[];
  cc: MailRecipient[];
  /** the sender's alone: every recipient (bcc ones too) gets [] */
  bcc: MailRecipient[];
  /** how the caller received the mail (a bcc recipient sees 密送：我 from this), null when they only wrote it */
  receivedAs: MailRecipientKind | null;
  priority: MailPriority;
  receipt: boolean;
  /** 机密: its reminders name only the sender and the subject */
  confidential: boolean;
  attachments: MailAttachment[];
  sentAt: string | null;
  updatedAt: string;
  seen: boolean;
  starred: boolean;
  deleted: boolean;
  parentId: string | null;
  relation: 'reply' | 'forward' | null;
  /** the mails of the thread the caller may read, oldest first (this one included) */
  thread: MailThreadItem[];
}

export interface MailCounts {
  unread: number;
  drafts: number;
  starred: number;
}
