import type { Readable } from 'node:stream';

/** A byte range of a stored blob, both ends inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the bytes of uploaded files live, by their sha256 (content-addressed: one copy per content). The local disk
 * under DATA_DIR is the embedded default; an S3-compatible bucket lets several machines serve the same files.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Stores a finished temp file under its hash and removes the temp file; content already stored is kept. */
  put(sha256: string, tmpPath: string, size: number): Promise<void>;
  /** The size of a stored blob, or null when it is not there. */
  size(sha256: string): Promise<number | null>;
  /** Streams a stored blob, or one range of it; never reads it whole into memory. */
  read(sha256: string, range?: ByteRange): Promise<Readable>;
}

/** The key (S3) or relative path (disk) of a hash: files/<first two hex chars>/<sha256>. Built from our hash only. */
export function blobKey(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a sha256');
  return `files/${sha256.slice(0, 2)}/${sha256}`;
}

/**
 * Reads a single-range `Range: bytes=…` header against a size: the range to send, null for the whole body (no or
 * unusable header: RFC 9110 lets a server ignore it), or 'unsatisfiable' (→ 416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // multi-range or malformed: send it all
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
