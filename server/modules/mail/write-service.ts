import { and, eq, inArray } from 'drizzle-orm';
import type { MailWrite } from '@contract/mail-schemas';
import type { MailAttachment, MailRecipientKind } from '@contract/mail';
import type { Db } from '../../db/client';
import { files, mailboxes, mailMessages, mailRecipients, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { htmlToText, sanitizeHtml } from '../../lib/sanitize-html';
import { searchGrams } from '../../lib/search-grams';
import { attachRefusal } from '../files/policy';
import type { Principal } from '../session/service';
import { lockCounters } from './counters';
import { participationOf } from './load';
import { editDraftRefusal, enforce, forwardRefusal, readRefusal } from './policy';

// the seed writes its demo mails without the 机密 flag
type Body = Omit<MailWrite, 'confidential'> & { confidential?: boolean };

/** What a send's reminders are made of (server side only: never part of the answer). */
export interface SentMail {
  id: string;
  subject: string;
  bodyText: string;
  confidential: boolean;
  recipientIds: string[];
}

/** to before cc before bcc: someone named twice gets the mail once, in the most visible role. */
function recipientsOf(body: Body): { userId: string; kind: MailRecipientKind }[] {
  const seen = new Set<string>();
  const out: { userId: string; kind: MailRecipientKind }[] = [];
  for (const kind of ['to', 'cc', 'bcc'] as const) {
    for (const userId of body[kind]) {
      if (seen.has(userId)) continue;
      seen.add(userId);
      out.push({ userId, kind });
    }
  }
  return out;
}

async function checkRecipients(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'active')));
  if (found.length !== ids.length) throw new AppError(400, '收件人不存在或已停用');
}

/** The files as stored (names and sizes from the upload, not from the body), in the order given. */
async function attachmentsOf(tx: Db, user: Principal, ids: string[]): Promise<MailAttachment[]> {
  const unique = [...new Set(ids)];
  enforce(await attachRefusal(tx, user, unique));
  if (!unique.length) return [];
  const rows = await tx
    .select({ id: files.id, attachName: files.attachName, size: files.size, mime: files.mime })
    .from(files)
    .where(inArray(files.id, unique));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => {
    const row = byId.get(id)!;
    return { fileName: id, attachName: row.attachName, size: row.size, mime: row.mime };
  });
}

/** Where an answer belongs: the thread of the mail it answers, which the writer must be able to read. */
async function threadOf(
  tx: Db,
  user: Principal,
  body: Body,
  ownId: string,
): Promise<{ threadId: string; parentId: string | null; relation: string | null; confidential: boolean }> {
  if (!body.parentId) return { threadId: ownId, parentId: null, relation: null, confidential: false };
  const parent = await participationOf(tx, user.id, body.parentId);
  enforce(readRefusal(user, parent));
  if (body.relation === 'forward') enforce(forwardRefusal(parent!));
  const relation = body.relation ?? 'reply';
  return { threadId: parent!.threadId, parentId: body.parentId, relation, confidential: parent!.confidential };
}

/**
 * Saves a draft (send false) or sends (send true), new or continuing a draft, in the caller's transaction.
 * Sending freezes the mail, moves it from the writer's 草稿箱 to 已发送 and drops it into each recipient's 收件箱.
 */
export async function writeMail(
  tx: Db,
  user: Principal,
  body: Body,
): Promise<{ id: string; sent: boolean; notified: string[]; sentMail?: SentMail }> {
  let id = body.id;
  if (id) enforce(editDraftRefusal(user, await participationOf(tx, user.id, id, true)));
  const recipients = recipientsOf(body);
  await checkRecipients(
    tx,
    recipients.map((r) => r.userId),
  );
  const attachments = await attachmentsOf(
    tx,
    user,
    body.attachments.map((a) => a.fileName),
  );
  const newId = id ?? crypto.randomUUID();
  const thread = body.parentId || !id ? await threadOf(tx, user, body, newId) : null;
  const bodyHtml = sanitizeHtml(body.bodyHtml, 'mail');
  const bodyText = htmlToText(bodyHtml);
  const now = new Date();
  const status = body.send ? 'sent' : 'draft';
  const fields = {
    subject: body.subject,
    bodyHtml,
    bodyText,
    priority: body.priority,
    receipt: body.receipt,
    // an answer in a 机密 thread is 机密 too: it quotes what it answers, and its reminders must not carry that
    confidential: (body.confidential ?? false) || (thread?.confidential ?? false),
    attachments,
    status,
    sentAt: body.send ? now : null,
    updatedAt: now,
    searchGrams: searchGrams([body.subject, bodyText, user.realName]),
  };
  const place = thread && { threadId: thread.threadId, parentId: thread.parentId, relation: thread.relation };
  if (id) {
    await tx
      .update(mailMessages)
      .set({ ...fields, ...(place ?? {}) })
      .where(eq(mailMessages.id, id));
    await tx.delete(mailRecipients).where(eq(mailRecipients.messageId, id));
  } else {
    id = newId;
    await tx.insert(mailMessages).values({ id, senderId: user.id, ...place!, ...fields });
  }
  if (recipients.length) await tx.insert(mailRecipients).values(recipients.map((r) => ({ messageId: id, ...r })));
  const own = and(eq(mailboxes.userId, user.id), eq(mailboxes.messageId, id), eq(mailboxes.folder, 'drafts'));
  if (!body.send) {
    const updated = await tx.update(mailboxes).set({ at: now }).where(own).returning({ id: mailboxes.id });
    if (!updated.length)
      await tx.insert(mailboxes).values({ userId: user.id, messageId: id, folder: 'drafts', seen: true, at: now });
    return { id, sent: false, notified: [] };
  }
  await lockCounters(tx, [user.id, ...recipients.map((r) => r.userId)]);
  await tx.delete(mailboxes).where(own);
  await tx
    .insert(mailboxes)
    .values([
      { userId: user.id, messageId: id, folder: 'sent', seen: true, at: now },
      ...recipients.map((r) => ({ userId: r.userId, messageId: id, folder: 'inbox', seen: false, at: now })),
    ]);
  const recipientIds = recipients.map((r) => r.userId);
  return {
    id,
    sent: true,
    notified: recipientIds,
    sentMail: { id, subject: body.subject, bodyText, confidential: fields.confidential, recipientIds },
  };
}
