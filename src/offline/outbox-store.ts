import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
// relative: the service worker reads this store too (sw/outbox-sync.ts), and its type-check resolves no aliases
import type { ConflictDetail } from '../../contract/outbox';

export type OutboxMethod = 'POST' | 'PUT' | 'DELETE';
export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'failed';

/** A file waiting with its write (the bytes are stored in IndexedDB with the entry until uploaded). */
export interface QueuedFile {
  /** the body field (an array) the uploaded file's record is added to */
  field: string;
  name: string;
  type: string;
  size: number;
  /**
   * the bytes, until the upload went through. Kept as an ArrayBuffer rather than the Blob itself: every engine clones
   * it into IndexedDB (Blobs in IndexedDB failed on older WebKit), and a picked File that later changes or disappears
   * on disk cannot break the queued write.
   */
  bytes?: ArrayBuffer;
  /** what the upload answered, once it went through (a retry sends it without uploading again) */
  uploaded?: unknown;
}

/**
 * A write waiting in IndexedDB until the server has answered it: one shape for every write. Its files (none for most
 * writes) keep their bytes until uploaded, then the upload's record; the body is sent with those records added, so a
 * retry sends exactly what the first attempt sent.
 */
export interface OutboxEntry {
  id: string;
  /** the user the write belongs to (user id, not the session token: it must survive a re-login) */
  userKey: string;
  /** replay order */
  seq: number;
  method: OutboxMethod;
  url: string;
  body?: unknown;
  /** what the user sees, e.g. 标记已读 */
  label: string;
  idempotencyKey: string;
  /** query keys to invalidate once the server accepted the write */
  invalidate: unknown[][];
  createdAt: number;
  attempts: number;
  /** not before this time (backoff after a network or server failure) */
  nextAttemptAt: number;
  status: OutboxStatus;
  error?: string;
  /** a refusal that named who did what and when (此申请已被 张三 于 10:02 撤回) */
  refusal?: ConflictDetail;
  /** the action in one word, for 你的「同意」未生效 (the label names the record too) */
  verb?: string;
  /** what the person typed (意见, comment, mail body): kept with a refusal so it can be reused */
  typedText?: string;
  /** the form's values when the write was made, so a refused write can open its form again filled (a booking) */
  draft?: unknown;
  /** where that form opens with `draft` (an app path), offered beside the refusal as 重新填写 */
  reopen?: string;
  /** uploaded before the write is sent, in order; each record is added to the body's `field` */
  files: QueuedFile[];
}

/** Still to be sent: waiting its turn, or on its way (a conflict or a failure waits for the person instead). */
export const isWaiting = (entry: Pick<OutboxEntry, 'status'>) =>
  entry.status === 'pending' || entry.status === 'sending';

/**
 * Entries stored by earlier versions, which wrote two shapes: a plain write without `files`, and a write with files
 * that, once they were uploaded, was stored again as a plain write with their records in its body. Both are this
 * shape with the files they still hold (none for the plain one), so a phone with queued writes keeps them on update.
 */
export function migrateEntry(stored: OutboxEntry | Omit<OutboxEntry, 'files'>): OutboxEntry {
  const files = (stored as { files?: unknown }).files;
  return Array.isArray(files) ? (stored as OutboxEntry) : { ...stored, files: [] };
}

let outboxStore: UseStore | null = null;
function store(): UseStore {
  outboxStore ??= createStore('oa-outbox', 'entries');
  return outboxStore;
}

// One tab's changes are serialised so `seq` stays unique and read-modify-write never interleaves.
let chain: Promise<unknown> = Promise.resolve();
export function serial<T>(work: () => Promise<T>): Promise<T> {
  const run = chain.then(work, work);
  chain = run.catch(() => undefined);
  return run;
}

/** Every entry of one user, in replay order. */
export async function readEntries(userKey: string): Promise<OutboxEntry[]> {
  const all = await values<OutboxEntry>(store());
  return all
    .filter((e) => e.userKey === userKey)
    .map(migrateEntry)
    .sort((a, b) => a.seq - b.seq);
}

export async function readEntry(id: string): Promise<OutboxEntry | undefined> {
  const stored = await get<OutboxEntry>(id, store());
  return stored && migrateEntry(stored);
}

export async function nextSeq(): Promise<number> {
  const all = await values<OutboxEntry>(store());
  return all.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
}

export function writeEntry(entry: OutboxEntry): Promise<void> {
  return set(entry.id, entry, store());
}

export function deleteEntry(id: string): Promise<void> {
  return del(id, store());
}
