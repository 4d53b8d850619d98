import type { Principal } from '../session/service';

/**
 * Current policy: any logged-in user who knows a file's id may read it. Ids are random UUIDs (122 bits) handed out
 * only inside the records that attach them, so knowing one is the permission. When modules need per-record rules
 * (e.g. mail attachments), this is the one place to add them.
 */
export function canReadFile(user: Principal, _file: { ownerId: string }): boolean {
  return Boolean(user);
}
