import { outboxConfig, notifyOutbox } from './outbox-config';
import { classifyFailure, backoffMs } from './outbox-errors';
import { nextSeq, readEntries, serial, writeEntry, type OutboxEntry, type OutboxMethod, type QueuedFile } from './outbox-store';
import { replayOutbox, invalidateAfterSend } from './replay';

export type { OutboxEntry, OutboxStatus, OutboxMethod, QueuedFile } from './outbox-store';

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

/**
 * Stores a write; one entry per Idempotency-Key. A write with files comes from ./outbox-files (sendOrQueueWithFiles,
 * enqueueWithFiles), which every page need not load: the outbox itself is in the first-load bundle.
 */
export async function addEntry(request: WriteRequest, userKey: string, key: string, attempts: number, error?: string, files?: QueuedFile[]): Promise<OutboxEntry> {
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
      files,
    };
    await writeEntry(created);
    return created;
  });
  notifyOutbox();
  return entry;
}

/** Queues a write for the signed-in user and starts a replay when online. */
export async function enqueueWrite(request: WriteRequest): Promise<OutboxEntry> {
  const entry = await addEntry(request, requireUser(), request.idempotencyKey ?? newIdempotencyKey(), 0);
  if (outboxConfig().isOnline()) void replayOutbox();
  return entry;
}

/**
 * Sends a write now with an Idempotency-Key; offline, or when the network fails, it is queued with the same key and
 * replayed later ({ queued: true }). Behind earlier queued writes it queues too, so writes reach the server in order.
 * Refusals from the server (conflict, validation) are thrown to the caller as they are.
 */
export async function sendOrQueue<T = unknown>(request: WriteRequest): Promise<SendOrQueueResult<T>> {
  const { send, isOnline, getUserKey } = outboxConfig();
  const userKey = getUserKey();
  const key = request.idempotencyKey ?? newIdempotencyKey();
  if (userKey) {
    const waiting = (await readEntries(userKey)).some((e) => e.status === 'pending' || e.status === 'sending');
    if (!isOnline() || waiting) return { queued: true, entry: await enqueueWrite({ ...request, idempotencyKey: key }) };
  }
  try {
    const data = (await send({ method: request.method, url: request.url, body: request.body, idempotencyKey: key })) as T;
    invalidateAfterSend(request.invalidate ?? []);
    return { queued: false, data };
  } catch (error) {
    const failure = classifyFailure(error);
    if (!userKey || failure.kind !== 'retry') throw error;
    // the request may have reached the server: the replay reuses the key, so it is applied at most once
    return { queued: true, entry: await addEntry(request, userKey, key, 1, failure.message) };
  }
}

// reading and managing the queue: its own module, so the pending list (on every page) does not load the sending code
export { dismissEntry, listOutbox, retryEntry } from './outbox-list';
