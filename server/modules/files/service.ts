import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { BlobStore } from '../../lib/storage';
import { isUuid } from '../../lib/validate';
import type { ReceivedFile } from './storage';

export interface CheckedUpload extends ReceivedFile {
  attachName: string;
  mime: string;
}

/**
 * Moves checked uploads into the blob store. Call it before the rows are written: a blob without a row is harmless
 * (content-addressed, reused by the next identical upload), a row without its blob would be a broken download.
 */
export async function storeBlobs(blobs: BlobStore, uploads: ReceivedFile[]): Promise<void> {
  for (const upload of uploads) await blobs.put(upload.sha256, upload.tmpPath, upload.size);
}

/** Records stored uploads (in the caller's transaction). */
export async function recordUploads(tx: Db, ownerId: string | null, uploads: CheckedUpload[]) {
  return tx
    .insert(files)
    .values(uploads.map((u) => ({ sha256: u.sha256, attachName: u.attachName, size: u.size, mime: u.mime, ownerId })))
    .returning({ id: files.id, attachName: files.attachName, size: files.size, mime: files.mime });
}

/** Stores the blobs, then records them (in the caller's transaction). */
export async function storeUploads(tx: Db, blobs: BlobStore, ownerId: string | null, uploads: CheckedUpload[]) {
  await storeBlobs(blobs, uploads);
  return recordUploads(tx, ownerId, uploads);
}

/** A stored file and the size of its bytes, by the opaque id; 404 for anything unknown (never a path from input). */
export async function findStoredFile(db: Db, blobs: BlobStore, fileName: string) {
  const notFound = new AppError(404, '文件不存在');
  if (!isUuid(fileName)) throw notFound;
  const [row] = await db.select().from(files).where(eq(files.id, fileName.toLowerCase()));
  if (!row) throw notFound;
  const size = await blobs.size(row.sha256);
  if (size === null) throw notFound;
  return { row, size };
}
