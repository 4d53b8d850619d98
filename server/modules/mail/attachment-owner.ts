import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';
import type { AttachmentOwner } from '../files/attachment-owners';
import type { Principal } from '../session/service';
import { participationOf } from './load';
import { readRefusal } from './policy';

/** A mail's attachments are read by exactly those who may read the mail: its sender and, once sent, its recipients. */
export const mailAttachmentOwner: AttachmentOwner = {
  async recordsAttaching(db: Db, fileId: string) {
    const ref = JSON.stringify([{ fileName: fileId }]);
    const rows = await db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(sql`${mailMessages.attachments} @> ${ref}::jsonb`);
    return rows.map((r) => r.id);
  },
  async mayRead(db: Db, user: Principal, messageId: string) {
    return !readRefusal(user, await participationOf(db, user.id, messageId));
  },
};
