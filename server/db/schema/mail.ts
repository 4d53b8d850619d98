import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MailAttachment } from '@contract/mail';
import { users } from './users';

/**
 * One mail as written: a draft until sent, then frozen. Replies and forwards share the thread of what they answer.
 * `searchGrams` (1–2 character grams of subject, text and sender) lets a GIN index serve short Chinese searches.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    threadId: uuid('thread_id').notNull(),
    parentId: uuid('parent_id'),
    relation: text('relation'),
    subject: text('subject').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    priority: text('priority').notNull().default('normal'),
    receipt: boolean('receipt').notNull().default(false),
    /** 机密: its reminders outside the mail (push, e-mail, WeCom, DingTalk, SMS) name only the sender and the subject */
    confidential: boolean('confidential').notNull().default(false),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchGrams: text('search_grams').array().notNull().default([]),
  },
  (t) => [
    index('mail_messages_thread_idx').on(t.threadId),
    index('mail_messages_grams_idx').using('gin', t.searchGrams).with({ fastupdate: false }),
    index('mail_messages_attachments_idx').using('gin', t.attachments),
  ],
);

/** The people a mail goes to (to / cc / bcc); `readAt` is the read receipt. */
export const mailRecipients = pgTable(
  'mail_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('mail_recipients_user_idx').on(t.userId)],
);

/**
 * A mail in one user's mailbox: folder inbox, sent or drafts; seen, starred, deleted (in 已删除, restorable) and
 * purged (gone for this user). Lists read these rows only, newest first, through the partial indexes below.
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    seen: boolean('seen').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    purged: boolean('purged').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mailboxes_folder_idx')
      .on(t.userId, t.folder, t.at.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and not ${t.purged}`),
    // 未读 pages in order as well as the unread count
    index('mailboxes_unread_idx')
      .on(t.userId, t.at.desc(), t.id.desc())
      .where(sql`${t.folder} = 'inbox' and not ${t.seen} and ${t.deletedAt} is null and not ${t.purged}`),
    index('mailboxes_message_idx').on(t.messageId, t.userId),
    // 搜索邮件 (every folder but drafts), 星标 and 已删除, newest first, without sorting a large mailbox
    index('mailboxes_alive_idx')
      .on(t.userId, t.at.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and not ${t.purged}`),
    index('mailboxes_starred_idx')
      .on(t.userId, t.at.desc(), t.id.desc())
      .where(sql`${t.starred} and ${t.deletedAt} is null and not ${t.purged}`),
    index('mailboxes_trash_idx')
      .on(t.userId, t.at.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is not null and not ${t.purged}`),
  ],
);

/**
 * Each user's folder totals and unread count, kept by statement triggers on mailboxes (migration 0016): the badge and
 * a list's total read one row instead of counting a mailbox of 100,000 rows.
 */
export const mailCounters = pgTable('mail_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  inbox: integer('inbox').notNull().default(0),
  unread: integer('unread').notNull().default(0),
  drafts: integer('drafts').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  starred: integer('starred').notNull().default(0),
  trash: integer('trash').notNull().default(0),
});
