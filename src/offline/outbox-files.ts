import { outboxConfig } from './outbox-config';
import { classifyFailure } from './outbox-errors';
import { addEntry, newIdempotencyKey, sendOrQueue, type SendOrQueueResult, type WriteRequest } from './outbox';
import { readEntries, type OutboxEntry, type QueuedFile } from './outbox-store';
import { replayOutbox } from './replay';
import { httpUpload, siteUploadLimitBytes } from './http-upload';

/*
 * Writes that carry files (e.g. a mail's attachments). A module calls sendOrQueueWithFiles / enqueueWithFiles instead of
 * sendOrQueue / enqueueWrite; the replay fetches this file only for an entry with files. Kept apart because the outbox
 * is in every page's first-load bundle and few writes carry files.
 */

/** A write with files: each is uploaded first and its upload's record added to the body's `field` (an array). */
export interface WriteWithFiles extends WriteRequest {
  files: WriteFile[];
}

/** A file a module hands to the outbox with a write: uploaded before the write is sent. */
export interface WriteFile {
  /** the body field (an array) the uploaded file's record is added to, e.g. `attachments` */
  field: string;
  blob: Blob;
  /** defaults to the File's own name */
  name?: string;
}

/** Uploads one file through the file service; answers its record (or records) as the server gave them. */
export type OutboxUploader = (file: { blob: Blob; name: string }) => Promise<unknown>;

/** A refusal before anything is queued or sent (too big, empty): thrown to the caller like a server refusal. */
function refusal(message: string): Error {
  return Object.assign(new Error(message), { kind: 'business', status: 400 });
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * The files of a write as the outbox keeps them, checked the way the upload route checks them (not empty, not over
 * the size limit), so a file the server would refuse never waits in the queue. Throws before reading any bytes.
 */
export async function prepareFiles(files: WriteFile[] | undefined, maxBytes = (outboxConfig().maxFileBytes ?? siteUploadLimitBytes)()): Promise<QueuedFile[]> {
  const named = (files ?? []).map(({ field, blob, name }) => {
    const fileName = name ?? (blob as Partial<File>).name ?? 'file';
    if (blob.size === 0) throw refusal(`附件「${fileName}」不能上传：不能上传空文件`);
    if (maxBytes && blob.size > maxBytes) throw refusal(`附件「${fileName}」不能上传：文件大小不能超过${megabytes(maxBytes)}MB`);
    return { field, blob, name: fileName };
  });
  return Promise.all(named.map(async ({ field, blob, name }) => ({ field, name, type: blob.type, size: blob.size, bytes: await blob.arrayBuffer() })));
}

interface ErrorLike {
  kind?: string;
  code?: number;
  status?: number;
  message?: string;
}

/**
 * An upload that did not go through, named after its file. It keeps the cause's kind, status and code, so the
 * outbox classifies it as it would the write itself (network → retry, 4xx → the user is told, with the file name).
 */
export class FileUploadError extends Error {
  readonly kind?: string;
  readonly status?: number;
  readonly code?: number;
  constructor(
    readonly fileName: string,
    cause: unknown,
  ) {
    const e = (cause && typeof cause === 'object' ? cause : {}) as ErrorLike;
    super(`附件「${fileName}」上传失败：${e.message || '请求失败'}`);
    this.name = 'FileUploadError';
    this.kind = e.kind;
    this.status = e.status;
    this.code = e.code;
  }
}

/**
 * Uploads the files not uploaded yet, one at a time; after each, `onUploaded` gets the list with that file's record in
 * place of its bytes (the caller stores it, so a retry never uploads the same file twice).
 */
export async function uploadFiles(files: QueuedFile[], onUploaded: (files: QueuedFile[]) => Promise<void> | void, upload: OutboxUploader = outboxConfig().upload ?? httpUpload): Promise<QueuedFile[]> {
  let current = files;
  for (let i = 0; i < current.length; i++) {
    const file = current[i]!;
    if (file.uploaded !== undefined) continue;
    if (!file.bytes) throw new FileUploadError(file.name, { kind: 'business', status: 400, message: '文件已丢失，请重新添加' });
    let uploaded: unknown;
    try {
      uploaded = await upload({ blob: new Blob([file.bytes], { type: file.type }), name: file.name });
    } catch (error) {
      throw new FileUploadError(file.name, error);
    }
    const kept: QueuedFile = { ...file, uploaded };
    delete kept.bytes; // they are on the server now
    current = current.map((f, at) => (at === i ? kept : f));
    await onUploaded(current);
  }
  return current;
}

/** The write's body with every uploaded file's record appended to its field. */
export function withUploads(body: unknown, files: QueuedFile[] | undefined): unknown {
  if (!files?.length) return body;
  const next: Record<string, unknown> = { ...((body && typeof body === 'object' ? body : {}) as Record<string, unknown>) };
  for (const file of files) {
    if (file.uploaded === undefined) continue;
    const before = Array.isArray(next[file.field]) ? (next[file.field] as unknown[]) : [];
    next[file.field] = [...before, ...(Array.isArray(file.uploaded) ? file.uploaded : [file.uploaded])];
  }
  return next;
}

/**
 * Replay: uploads what of the entry's files is not uploaded yet, storing the entry after each upload (a crash or a
 * failure never uploads a file twice), and answers the entry as a plain write with the uploads' records in its body.
 * `entry.files` itself is kept current too, so a caller that stores `entry` after a failed upload keeps the progress.
 */
export async function uploadEntry(entry: OutboxEntry, save: (entry: OutboxEntry) => Promise<void>): Promise<OutboxEntry> {
  const files = await uploadFiles(entry.files ?? [], (next) => save({ ...Object.assign(entry, { files: next }), status: 'sending' }));
  const sendable: OutboxEntry = { ...entry, body: withUploads(entry.body, files) };
  delete sendable.files;
  await save({ ...sendable, status: 'sending' });
  return sendable;
}

function signedInUser(): string {
  const userKey = outboxConfig().getUserKey();
  if (!userKey) throw new Error('outbox: no signed-in user');
  return userKey;
}

/** enqueueWrite for a write with files: checked, stored with the bytes, replayed when online. */
export async function enqueueWithFiles(request: WriteWithFiles): Promise<OutboxEntry> {
  const files = await prepareFiles(request.files);
  const entry = await addEntry(request, signedInUser(), request.idempotencyKey ?? newIdempotencyKey(), 0, undefined, files);
  if (outboxConfig().isOnline()) void replayOutbox();
  return entry;
}

/**
 * sendOrQueue for a write with files: online (and nothing queued before it) the files are uploaded now and the write
 * goes through sendOrQueue with their records in the body; offline, behind queued writes, or when an upload gets no
 * answer, it is queued with its files (those already uploaded kept as their records). A refused upload is thrown to
 * the caller, naming the file.
 */
export async function sendOrQueueWithFiles<T = unknown>({ files: given, ...request }: WriteWithFiles): Promise<SendOrQueueResult<T>> {
  const { isOnline, getUserKey } = outboxConfig();
  const userKey = getUserKey();
  const key = request.idempotencyKey ?? newIdempotencyKey();
  // a file the server would refuse is refused here, before anything waits or goes out
  let files = await prepareFiles(given);
  if (userKey) {
    const waiting = (await readEntries(userKey)).some((e) => e.status === 'pending' || e.status === 'sending');
    if (!isOnline() || waiting) {
      const entry = await addEntry(request, userKey, key, 0, undefined, files);
      if (isOnline()) void replayOutbox();
      return { queued: true, entry };
    }
  }
  try {
    files = await uploadFiles(files, (next) => void (files = next));
  } catch (error) {
    const failure = classifyFailure(error);
    if (!userKey || failure.kind !== 'retry') throw error;
    return { queued: true, entry: await addEntry(request, userKey, key, 1, failure.message, files) };
  }
  // uploaded: from here it is a plain write (a network failure queues it with the records in its body)
  return sendOrQueue<T>({ ...request, idempotencyKey: key, body: withUploads(request.body, files) });
}
