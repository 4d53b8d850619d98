import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/validate';
import type { Principal } from '../session/service';
import { isViewOnlyFile, mayReadFile } from './attachment-owners';

/** Reading a stored file: 404 (not 403) so a stranger cannot tell a foreign file from a missing one. */
export async function readFileRefusal(
  db: Db,
  user: Principal,
  file: { id: string; ownerId: string | null },
): Promise<AppError | null> {
  return (await mayReadFile(db, user, file)) ? null : new AppError(404, '文件不存在');
}

export const VIEW_ONLY_MESSAGE = '机密邮件的附件仅可在线预览';

/**
 * Taking a file's bytes away (下载, the raw inline address, a container's viewer): refused for a 机密 mail's attachment
 * to everyone, its sender too; the in-app preview reads it through the mail's own view-only address.
 */
export async function downloadRefusal(db: Db, file: { id: string }): Promise<AppError | null> {
  return (await isViewOnlyFile(db, file.id)) ? new AppError(403, VIEW_ONLY_MESSAGE) : null;
}

/**
 * Attaching files to a record: each must exist and be readable by the one attaching it (their own upload, or a file
 * already on a record they may read), so nobody can pull someone else's private upload into a record.
 */
export async function attachRefusal(db: Db, user: Principal, fileIds: string[]): Promise<AppError | null> {
  const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  if (!ids.length) return null;
  if (!ids.every(isUuid)) return new AppError(400, '附件不存在');
  const rows = await db.select({ id: files.id, ownerId: files.ownerId }).from(files).where(inArray(files.id, ids));
  if (rows.length !== ids.length) return new AppError(400, '附件不存在');
  for (const row of rows) {
    if (!(await mayReadFile(db, user, row))) return new AppError(403, '不能使用他人上传的附件');
    // a reader re-attaching a 机密 mail's file elsewhere would forward it in all but name; its uploader may reuse it
    if (row.ownerId !== user.id && (await isViewOnlyFile(db, row.id)))
      return new AppError(403, '机密邮件的附件不能用于其他邮件或流程');
  }
  return null;
}
