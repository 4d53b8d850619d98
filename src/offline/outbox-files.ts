import type { QueuedFile } from './outbox-store';

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
export async function prepareFiles(files: WriteFile[] | undefined, maxBytes: number | undefined): Promise<QueuedFile[]> {
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
export async function uploadFiles(files: QueuedFile[], upload: OutboxUploader, onUploaded: (files: QueuedFile[]) => Promise<void> | void): Promise<QueuedFile[]> {
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
