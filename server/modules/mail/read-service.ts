import { and, asc, desc, eq, inArray, max, or, sql } from 'drizzle-orm';
import type { MailDetail, MailPerson, MailPriority, MailRecipientKind } from '@contract/mail';
import type { Db } from '../../db/client';
import { mailboxes, mailMessages, mailRecipients, users } from '../../db/schema';
import type { Principal } from '../session/service';
import { participationOf } from './load';
import { enforce, readRefusal, showsReceipts, visibleBcc } from './policy';
import { presentRecipient } from './presenter';

const b = mailboxes;
const m = mailMessages;

export async function mailDetail(db: Db, user: Principal, id: string): Promise<MailDetail> {
  const part = await participationOf(db, user.id, id);
  enforce(readRefusal(user, part));
  const [mail] = await db
    .select({ message: m, senderName: users.realName })
    .from(m)
    .innerJoin(users, eq(users.id, m.senderId))
    .where(eq(m.id, id));
  const { message } = mail!;
  const people = await db
    .select({ id: users.id, name: users.realName, kind: mailRecipients.kind, readAt: mailRecipients.readAt })
    .from(mailRecipients)
    .innerJoin(users, eq(users.id, mailRecipients.userId))
    .where(eq(mailRecipients.messageId, id))
    .orderBy(asc(users.sort));
  const receipts = showsReceipts(user, message);
  const of = (kind: string) => people.filter((p) => p.kind === kind).map((p) => presentRecipient(p, receipts));
  const boxes = await db
    .select()
    .from(b)
    .where(and(eq(b.userId, user.id), eq(b.messageId, id), eq(b.purged, false)));
  return {
    id,
    status: message.status as MailDetail['status'],
    subject: message.subject,
    bodyHtml: message.bodyHtml,
    sender: { id: message.senderId, name: mail!.senderName },
    to: of('to'),
    cc: of('cc'),
    bcc: visibleBcc(user, message.senderId, of('bcc')),
    receivedAs: (part!.recipientKind as MailRecipientKind | null) ?? null,
    priority: message.priority as MailPriority,
    receipt: message.receipt,
    confidential: message.confidential,
    attachments: message.attachments,
    sentAt: message.sentAt?.toISOString() ?? null,
    updatedAt: message.updatedAt.toISOString(),
    seen: boxes.some((x) => x.seen) || boxes.length === 0,
    starred: boxes.some((x) => x.starred),
    deleted: boxes.length > 0 && boxes.every((x) => x.deletedAt),
    parentId: message.parentId,
    relation: message.relation as MailDetail['relation'],
    thread: await threadOf(db, user.id, message.threadId),
  };
}

/** The thread's mails the caller took part in (wrote, or received once sent), oldest first. */
async function threadOf(db: Db, userId: string, threadId: string): Promise<MailDetail['thread']> {
  const mine = or(
    eq(m.senderId, userId),
    and(
      eq(m.status, 'sent'),
      sql`exists (select 1 from ${mailRecipients} r where r.message_id = ${m.id} and r.user_id = ${userId})`,
    ),
  );
  const rows = await db
    .select({
      id: m.id,
      subject: m.subject,
      senderName: users.realName,
      sentAt: m.sentAt,
      updatedAt: m.updatedAt,
      relation: m.relation,
      status: m.status,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.senderId))
    .where(and(eq(m.threadId, threadId), mine))
    .orderBy(asc(sql`coalesce(${m.sentAt}, ${m.updatedAt})`))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject || '（无主题）',
    senderName: r.senderName,
    at: (r.sentAt ?? r.updatedAt).toISOString(),
    relation: r.relation as 'reply' | 'forward' | null,
  }));
}

/** People the caller wrote to lately (the compose screen offers them first). */
export async function recentContacts(db: Db, userId: string): Promise<MailPerson[]> {
  const last = max(m.sentAt);
  const rows = await db
    .select({ id: users.id, name: users.realName, last })
    .from(mailRecipients)
    .innerJoin(m, eq(m.id, mailRecipients.messageId))
    .innerJoin(users, eq(users.id, mailRecipients.userId))
    .where(and(eq(m.senderId, userId), eq(m.status, 'sent'), inArray(users.status, ['active'])))
    .groupBy(users.id, users.realName)
    .orderBy(desc(last))
    .limit(20);
  return rows.map(({ id, name }) => ({ id, name }));
}
