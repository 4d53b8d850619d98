import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/validate';
import { blobPath, commitBlob, type ReceivedFile } from './storage';

export interface CheckedUpload extends ReceivedFile {
  attachName: string;
  mime: string;
}

/** Moves checked uploads into the store and records them (in the caller's transaction). */
export async function storeUploads(tx: Db, dataDir: string, ownerId: string | null, uploads: CheckedUpload[]) {
  // blobs first: a blob without a row is harmless (content-addressed, reused by the next identical upload),
  // a row without its blob would be a broken download
  for (const upload of uploads) await commitBlob(dataDir, upload);
  return tx
    .insert(files)
    .values(uploads.map((u) => ({ sha256: u.sha256, attachName: u.attachName, size: u.size, mime: u.mime, ownerId })))
    .returning({ id: files.id, attachName: files.attachName, size: files.size, mime: files.mime });
}

/** A stored file and the path of its bytes, by the opaque id; 404 for anything unknown (never a path from input). */
export async function findStoredFile(db: Db, dataDir: string, fileName: string) {
  const notFound = new AppError(404, '文件不存在');
  if (!isUuid(fileName)) throw notFound;
  const [row] = await db.select().from(files).where(eq(files.id, fileName.toLowerCase()));
  if (!row) throw notFound;
  const location = blobPath(dataDir, row.sha256);
  const stat = await fs.stat(location).catch(() => null);
  if (!stat) throw notFound;
  return { row, location, size: stat.size };
}
