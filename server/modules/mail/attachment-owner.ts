import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';
import type { AttachmentOwner } from '../files/attachment-owners';
import type { Principal } from '../session/service';
import { participationOf } from './load';
import { readRefusal } from './policy';

const attaching = (fileId: string) =>
  sql`${mailMessages.attachments} @> ${JSON.stringify([{ fileName: fileId }])}::jsonb`;

/**
 * A mail's attachments are read by exactly those who may read the mail: its sender and, once sent, its recipients.
 * A 机密 mail's are view-only: looked at in the watermarked preview, never downloaded.
 */
export const mailAttachmentOwner: AttachmentOwner = {
  async recordsAttaching(db: Db, fileId: string) {
    const rows = await db.select({ id: mailMessages.id }).from(mailMessages).where(attaching(fileId));
    return rows.map((r) => r.id);
  },
  async viewOnly(db: Db, fileId: string) {
    const [row] = await db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(attaching(fileId), eq(mailMessages.confidential, true)))
      .limit(1);
    return row !== undefined;
  },
  async mayRead(db: Db, user: Principal, messageId: string) {
    return !readRefusal(user, await participationOf(db, user.id, messageId));
  },
};
