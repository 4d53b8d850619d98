import { outboxConfig, notifyOutbox } from './outbox-config';
import { classifyFailure, backoffMs } from './outbox-errors';
import { prepareFiles, uploadFiles, withUploads, type WriteFile } from './outbox-files';
import { deleteEntry, nextSeq, readEntries, readEntry, serial, writeEntry, type OutboxEntry, type OutboxMethod, type QueuedFile } from './outbox-store';
import { replayOutbox, invalidateAfterSend } from './replay';

export type { OutboxEntry, OutboxStatus, OutboxMethod, QueuedFile } from './outbox-store';
export type { WriteFile } from './outbox-files';

/** A write a module wants to reach the server even if the network is gone right now. */
export interface WriteRequest {
  method: OutboxMethod;
  url: string;
  body?: unknown;
  /** shown in the pending list and in a conflict, e.g. 标记已读 */
  label: string;
  idempotencyKey?: string;
  /** query keys to refetch once the server has applied the write */
  invalidate?: unknown[][];
  /**
   * Files that go with the write (e.g. a mail's attachments): uploaded first, each upload's record then added to the
   * body's `field`. Offline they wait in IndexedDB with the write. Checked against the upload limit before anything.
   */
  files?: WriteFile[];
}

export type SendOrQueueResult<T> = { queued: false; data: T } | { queued: true; entry: OutboxEntry };

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

function requireUser(): string {
  const userKey = outboxConfig().getUserKey();
  if (!userKey) throw new Error('outbox: no signed-in user');
  return userKey;
}

async function addEntry(request: WriteRequest, userKey: string, key: string, attempts: number, files: QueuedFile[], error?: string): Promise<OutboxEntry> {
  const entry = await serial(async () => {
    // the same key twice is the same write (a double tap, a retried call): keep one
    const existing = (await readEntries(userKey)).find((e) => e.idempotencyKey === key);
    if (existing) return existing;
    const now = Date.now();
    const created: OutboxEntry = {
      id: newIdempotencyKey(),
      userKey,
      seq: await nextSeq(),
      method: request.method,
      url: request.url,
      body: request.body,
      label: request.label,
      idempotencyKey: key,
      invalidate: request.invalidate ?? [],
      createdAt: now,
      attempts,
      nextAttemptAt: attempts ? now + backoffMs(attempts) : now,
      status: 'pending',
      ...(error ? { error } : {}),
      ...(files.length ? { files } : {}),
    };
    await writeEntry(created);
    return created;
  });
  notifyOutbox();
  return entry;
}

/** Queues a write for the signed-in user and starts a replay when online. */
export async function enqueueWrite(request: WriteRequest): Promise<OutboxEntry> {
  const files = await prepareFiles(request.files, outboxConfig().maxFileBytes());
  const entry = await addEntry(request, requireUser(), request.idempotencyKey ?? newIdempotencyKey(), 0, files);
  if (outboxConfig().isOnline()) void replayOutbox();
  return entry;
}

/**
 * Sends a write now with an Idempotency-Key; offline, or when the network fails, it is queued with the same key and
 * replayed later ({ queued: true }). Behind earlier queued writes it queues too, so writes reach the server in order.
 * Refusals from the server (conflict, validation) are thrown to the caller as they are.
 */
export async function sendOrQueue<T = unknown>(request: WriteRequest): Promise<SendOrQueueResult<T>> {
  const { send, upload, isOnline, getUserKey, maxFileBytes } = outboxConfig();
  const userKey = getUserKey();
  const key = request.idempotencyKey ?? newIdempotencyKey();
  // a file the server would refuse is refused here, before anything waits or goes out
  let files = await prepareFiles(request.files, maxFileBytes());
  if (userKey) {
    const waiting = (await readEntries(userKey)).some((e) => e.status === 'pending' || e.status === 'sending');
    if (!isOnline() || waiting) return { queued: true, entry: await enqueueWrite({ ...request, idempotencyKey: key }) };
  }
  try {
    files = await uploadFiles(files, upload, (next) => void (files = next));
    const body = withUploads(request.body, files);
    const data = (await send({ method: request.method, url: request.url, body, idempotencyKey: key })) as T;
    invalidateAfterSend(request.invalidate ?? []);
    return { queued: false, data };
  } catch (error) {
    const failure = classifyFailure(error);
    if (!userKey || failure.kind !== 'retry') throw error;
    // the request may have reached the server: the replay reuses the key, so it is applied at most once;
    // files already uploaded are kept as their records, so they are not uploaded again
    return { queued: true, entry: await addEntry(request, userKey, key, 1, files, failure.message) };
  }
}

/** Removes a conflict (after the user read it) or gives up a queued write. */
export async function dismissEntry(id: string): Promise<void> {
  await serial(() => deleteEntry(id));
  notifyOutbox();
}

/** Sends a failed or conflicting write once more (same key: the server answers the same if it was applied). */
export async function retryEntry(id: string): Promise<void> {
  await serial(async () => {
    const entry = await readEntry(id);
    if (entry) await writeEntry({ ...entry, status: 'pending', attempts: 0, nextAttemptAt: 0 });
  });
  notifyOutbox();
  void replayOutbox({ force: true });
}

/** The signed-in user's queued writes, in order. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  const userKey = outboxConfig().getUserKey();
  return userKey ? readEntries(userKey) : [];
}
