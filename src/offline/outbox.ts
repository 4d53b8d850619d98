import { outboxConfig, notifyOutbox } from './outbox-config';
import { classifyFailure, backoffMs } from './outbox-errors';
import type { WriteFile } from './outbox-files';
import {
  isWaiting,
  nextSeq,
  readEntries,
  serial,
  writeEntry,
  type OutboxEntry,
  type OutboxMethod,
  type QueuedFile,
} from './outbox-store';
import { replayOutbox, invalidateAfterSend } from './replay';
import { reloadWhatOthersSettled } from './sent-elsewhere';

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
  /** the action in one word (同意), for a refusal's 你的「同意」未生效 */
  verb?: string;
  /** what the person typed (意见, comment, mail body), offered back if the server refuses the write */
  typedText?: string;
  /** the form's values, kept with the write so a refusal can open the form again filled (see OutboxEntry.draft) */
  draft?: unknown;
  /** the app path that opens that form again, offered beside the refusal */
  reopen?: string;
}

export interface SendOptions {
  /** files uploaded before the write is sent (now, or on replay); each record joins the body's `field` */
  files?: WriteFile[];
  /** the upload's progress in percent, while the files go up now (a replay uploads quietly) */
  onUploadProgress?: (percent: number) => void;
}

export type SendOrQueueResult<T> = { queued: false; data: T } | { queued: true; entry: OutboxEntry };

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** Stores a write; one entry per Idempotency-Key. `failed` notes a first attempt that got no answer. */
async function addEntry(
  request: WriteRequest,
  userKey: string,
  key: string,
  files: QueuedFile[],
  failed?: string,
): Promise<OutboxEntry> {
  const entry = await serial(async () => {
    // the same key twice is the same write (a double tap, a retried call): keep one
    const existing = (await readEntries(userKey)).find((e) => e.idempotencyKey === key);
    if (existing) return existing;
    const now = Date.now();
    const attempts = failed ? 1 : 0;
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
      ...(request.verb ? { verb: request.verb } : {}),
      ...(request.typedText?.trim() ? { typedText: request.typedText } : {}),
      ...(request.draft !== undefined ? { draft: request.draft } : {}),
      ...(request.reopen ? { reopen: request.reopen } : {}),
      createdAt: now,
      attempts,
      nextAttemptAt: attempts ? now + backoffMs(attempts) : now,
      status: 'pending',
      ...(failed ? { error: failed } : {}),
      files,
    };
    await writeEntry(created);
    return created;
  });
  reloadWhatOthersSettled();
  notifyOutbox();
  // sent by the service worker if the app is closed before the network returns (the code is its own small chunk)
  void import('./background-sync').then(({ askWorkerToSend }) => askWorkerToSend(userKey)).catch(() => undefined);
  return entry;
}

/**
 * Sends a write now with an Idempotency-Key, its files uploaded first; offline, or when the network fails, it is
 * queued with the same key (and the files not uploaded yet) and replayed later ({ queued: true }). Behind earlier
 * queued writes it queues too, so writes reach the server in order. A file the upload rule refuses, and refusals from
 * the server (conflict, validation, a refused upload naming its file), are thrown to the caller as they are.
 */
export async function sendOrQueue<T = unknown>(
  request: WriteRequest,
  { files: given = [], onUploadProgress }: SendOptions = {},
): Promise<SendOrQueueResult<T>> {
  const { send, isOnline, getUserKey } = outboxConfig();
  const userKey = getUserKey();
  const key = request.idempotencyKey ?? newIdempotencyKey();
  const fileCode = given.length ? await import('./outbox-files') : null;
  // a file the server would refuse is refused here, before anything waits or goes out
  let files = fileCode ? await fileCode.prepareFiles(given) : [];
  if (userKey && (!isOnline() || (await readEntries(userKey)).some(isWaiting))) {
    const entry = await addEntry(request, userKey, key, files);
    if (isOnline()) void replayOutbox();
    return { queued: true, entry };
  }
  try {
    if (fileCode) files = await fileCode.uploadFiles(files, (next) => void (files = next), onUploadProgress);
    const body = fileCode ? fileCode.withUploads(request.body, files) : request.body;
    const data = (await send({ method: request.method, url: request.url, body, idempotencyKey: key })) as T;
    invalidateAfterSend(request.invalidate ?? []);
    return { queued: false, data };
  } catch (error) {
    const failure = classifyFailure(error);
    if (!userKey || failure.kind !== 'retry') throw error;
    // the request may have reached the server: the replay reuses the key and the uploads, so it is applied once
    return { queued: true, entry: await addEntry(request, userKey, key, files, failure.message) };
  }
}

// reading and managing the queue: its own module, so the pending list (on every page) does not load the sending code
export { dismissEntry, listOutbox, retryEntry } from './outbox-list';
