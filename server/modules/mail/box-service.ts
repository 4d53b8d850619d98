import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailboxes, mailRecipients } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';
import { participationOf } from './load';
import { enforce, readRefusal } from './policy';

export type BoxAction = 'read' | 'unread' | 'star' | 'unstar' | 'delete' | 'restore' | 'purge';

const box = (userId: string, messageId: string) =>
  and(eq(mailboxes.userId, userId), eq(mailboxes.messageId, messageId), eq(mailboxes.purged, false));

const changes: Record<
  BoxAction,
  { set: { seen?: boolean; starred?: boolean; deletedAt?: SQL | null; purged?: boolean }; where?: SQL }
> = {
  read: { set: { seen: true } },
  unread: { set: { seen: false }, where: eq(mailboxes.folder, 'inbox') },
  star: { set: { starred: true } },
  unstar: { set: { starred: false } },
  delete: { set: { deletedAt: sql`now()` }, where: isNull(mailboxes.deletedAt) },
  restore: { set: { deletedAt: null }, where: isNotNull(mailboxes.deletedAt) },
  purge: { set: { purged: true }, where: isNotNull(mailboxes.deletedAt) },
};

/**
 * One change to the caller's own copy of a mail (read, star, delete to 已删除, restore, purge from 已删除).
 * Only someone who may read the mail and still has it in a mailbox can change it; repeating a change is harmless.
 */
export async function changeBox(
  tx: Db,
  user: Principal,
  messageId: string,
  action: BoxAction,
): Promise<{ id: string; notified: string[] }> {
  const mail = await participationOf(tx, user.id, messageId);
  enforce(readRefusal(user, mail));
  const rows = await tx.select({ id: mailboxes.id }).from(mailboxes).where(box(user.id, messageId));
  if (!rows.length) throw new AppError(404, '邮件不存在');
  const { set, where } = changes[action];
  await tx
    .update(mailboxes)
    .set(set)
    .where(and(box(user.id, messageId), where));
  let notified: string[] = [];
  if (action === 'read') {
    // the read receipt: the first opening counts, and the sender's detail shows it
    const receipted = await tx
      .update(mailRecipients)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(mailRecipients.messageId, messageId), eq(mailRecipients.userId, user.id), isNull(mailRecipients.readAt)),
      )
      .returning({ messageId: mailRecipients.messageId });
    if (receipted.length) notified = [mail!.senderId];
  }
  return { id: messageId, notified };
}
