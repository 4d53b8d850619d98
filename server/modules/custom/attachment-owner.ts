import { eq } from 'drizzle-orm';
import { customRecordFiles } from '../../db/schema';
import type { AttachmentOwner } from '../files/attachment-owners';
import { readRefusal } from './policy';
import { readerOf } from './reader';
import { loadRecord } from './record-service';

/** A file on a custom record (a contract scan, a resume) is readable by whoever may read that record. */
export const customRecordAttachmentOwner: AttachmentOwner = {
  recordsAttaching: async (db, fileId) =>
    (
      await db
        .select({ id: customRecordFiles.recordId })
        .from(customRecordFiles)
        .where(eq(customRecordFiles.fileId, fileId))
    ).map((r) => r.id),
  mayRead: async (db, user, recordId) => {
    const { model, row } = await loadRecord(db, recordId);
    return readRefusal(model.access, await readerOf(db, user), row) === null;
  },
};
