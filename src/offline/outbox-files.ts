import { FILE_UPLOAD_URL, upload } from '@/api/transfer';
import { uploadRefusal } from '@/api/upload-rule';
import { outboxConfig, type OutboxUploader } from './outbox-config';
import type { QueuedFile } from './outbox-store';

/*
 * The files of a write (e.g. a mail's attachments): checked, kept with the entry, uploaded before the write is sent.
 * Loaded only for a write that has files: the outbox itself is in the first-load bundle, and few writes carry files.
 */

/** A file a module hands to sendOrQueue with a write: uploaded before the write is sent. */
export interface WriteFile {
  /** the body field (an array) the uploaded file's record is added to, e.g. `attachments` */
  field: string;
  blob: Blob;
  /** defaults to the File's own name */
  name?: string;
}

/** The file service's upload, quietly: the outbox and the screens report the outcome themselves. */
const uploadToFileService: OutboxUploader = ({ blob, name }, onProgress) =>
  upload<unknown>(FILE_UPLOAD_URL, blob, { fileName: name, silent: true, noLoading: true, onProgress });

/** A refusal before anything is queued or sent: thrown to the caller like a server refusal. */
function refusal(message: string): Error {
  return Object.assign(new Error(message), { kind: 'business', status: 400 });
}

/**
 * The files of a write as the outbox keeps them, checked with the upload rule (not empty, not over the limit), so a
 * file the server would refuse never waits in the queue. Throws before reading any bytes.
 */
export async function prepareFiles(files: WriteFile[]): Promise<QueuedFile[]> {
  const named = files.map(({ field, blob, name }) => ({
    field,
    blob,
    name: name ?? (blob as Partial<File>).name ?? 'file',
  }));
  for (const file of named) {
    const refused = uploadRefusal({ size: file.blob.size, name: file.name });
    if (refused) throw refusal(refused);
  }
  return Promise.all(
    named.map(async ({ field, blob, name }) => ({
      field,
      name,
      type: blob.type,
      size: blob.size,
      bytes: await blob.arrayBuffer(),
    })),
  );
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
 * place of its bytes (the caller stores it, so a retry never uploads the same file twice). `onProgress` hears the
 * percentage of all the bytes still to upload.
 */
export async function uploadFiles(
  files: QueuedFile[],
  onUploaded: (files: QueuedFile[]) => Promise<void> | void,
  onProgress?: (percent: number) => void,
): Promise<QueuedFile[]> {
  const send = outboxConfig().upload ?? uploadToFileService;
  const total = files.reduce((sum, f) => sum + (f.uploaded === undefined ? f.size : 0), 0);
  let done = 0;
  let current = files;
  for (let i = 0; i < current.length; i++) {
    const file = current[i]!;
    if (file.uploaded !== undefined) continue;
    if (!file.bytes)
      throw new FileUploadError(file.name, { kind: 'business', status: 400, message: '文件已丢失，请重新添加' });
    const progress =
      onProgress && ((percent: number) => onProgress(Math.round(((done + (file.size * percent) / 100) / total) * 100)));
    let uploaded: unknown;
    try {
      // a File, not a Blob: FormData keeps a File's own name (some engines name a Blob part "blob")
      uploaded = await send(
        { blob: new File([file.bytes], file.name, { type: file.type }), name: file.name },
        progress,
      );
    } catch (error) {
      throw new FileUploadError(file.name, error);
    }
    done += file.size;
    const kept: QueuedFile = { ...file, uploaded };
    delete kept.bytes; // they are on the server now
    current = current.map((f, at) => (at === i ? kept : f));
    await onUploaded(current);
  }
  return current;
}

/** The write's body with every uploaded file's record appended to its field (what is sent, on every attempt). */
export function withUploads(body: unknown, files: QueuedFile[]): unknown {
  if (!files.length) return body;
  const next: Record<string, unknown> = {
    ...((body && typeof body === 'object' ? body : {}) as Record<string, unknown>),
  };
  for (const file of files) {
    if (file.uploaded === undefined) continue;
    const before = Array.isArray(next[file.field]) ? (next[file.field] as unknown[]) : [];
    next[file.field] = [...before, ...(Array.isArray(file.uploaded) ? file.uploaded : [file.uploaded])];
  }
  return next;
}

/**
 * A write's files uploaded now, without the queue (a mail draft is saved online only): the same rule and the same
 * upload as a queued write's files; answers the body with their records added.
 */
export async function bodyWithUploads(
  body: unknown,
  files: WriteFile[],
  onProgress?: (percent: number) => void,
): Promise<unknown> {
  return withUploads(body, await uploadFiles(await prepareFiles(files), () => undefined, onProgress));
}
