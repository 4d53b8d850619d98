import type { Db } from '../../db/client';
import type { Principal } from '../session/service';

/**
 * A module whose records attach files (审批 instances, later mail, news) says which of its records attach a file and
 * whether a user may read one; a file attached to records is readable by exactly those who may read one of them.
 */
export interface AttachmentOwner {
  /** ids of this kind's records that attach the file (the file id is a lower-case uuid) */
  recordsAttaching: (db: Db, fileId: string) => Promise<string[]>;
  /** the same answer the module's own detail route gives: may this user read the record */
  mayRead: (db: Db, user: Principal, recordId: string) => Promise<boolean>;
  /** true when a record of this kind lets its readers look at the file but never take it away (a 机密 mail) */
  viewOnly?: (db: Db, fileId: string) => Promise<boolean>;
}

// one registry per process: the owners are plain functions, so every app built in it may share them
const owners = new Map<string, AttachmentOwner>();

/** Registered from each module manifest's `attachmentOwners` by app.ts. */
export function registerAttachmentOwner(kind: string, owner: AttachmentOwner): void {
  owners.set(kind, owner);
}

/** Attached files follow their records; an unattached upload is its uploader's alone. */
export async function mayReadFile(
  db: Db,
  user: Principal,
  file: { id: string; ownerId: string | null },
): Promise<boolean> {
  let attached = false;
  for (const owner of owners.values()) {
    const records = await owner.recordsAttaching(db, file.id);
    if (records.length) attached = true;
    for (const record of records) if (await owner.mayRead(db, user, record)) return true;
  }
  return !attached && file.ownerId === user.id;
}

/** A file some record shows view-only: no reader downloads it, whatever other record also attaches it. */
export async function isViewOnlyFile(db: Db, fileId: string): Promise<boolean> {
  for (const owner of owners.values()) if (await owner.viewOnly?.(db, fileId)) return true;
  return false;
}
