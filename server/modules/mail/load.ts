import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages, mailRecipients } from '../../db/schema';
import type { Participation } from './policy';

/** The mail with the caller's part in it (null when it does not exist); `lock` holds the row for a write. */
export async function participationOf(db: Db, userId: string, messageId: string, lock = false) {
  const query = db
    .select({
      id: mailMessages.id,
      senderId: mailMessages.senderId,
      status: mailMessages.status,
      threadId: mailMessages.threadId,
      confidential: mailMessages.confidential,
      recipientKind: mailRecipients.kind,
    })
    .from(mailMessages)
    .leftJoin(mailRecipients, and(eq(mailRecipients.messageId, mailMessages.id), eq(mailRecipients.userId, userId)))
    .where(eq(mailMessages.id, messageId));
  const [row] = lock ? await query.for('update', { of: mailMessages }) : await query;
  return (row ?? null) as (Participation & { id: string; threadId: string; confidential: boolean }) | null;
}
