import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ReceivedFile {
  tmpPath: string;
  sha256: string;
  size: number;
}

/**
 * Streams an upload into a temp file while hashing it (never the whole file in memory). The temp file is needed
 * before the blob store: the hash (its key) is known only at the end, and the type is sniffed from its bytes.
 */
export async function receiveToTemp(dataDir: string, stream: Readable): Promise<ReceivedFile> {
  const tmpDir = path.join(dataDir, 'files', 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(tmpPath));
  } catch (error) {
    await fs.rm(tmpPath, { force: true });
    throw error;
  }
  return { tmpPath, sha256: hash.digest('hex'), size };
}

/** Deletes temp files of a failed upload. */
export async function discardTemps(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(f.tmpPath, { force: true })));
}

/** An upload in flight writes its temp file continuously; one untouched this long belongs to a dead process. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes temp files that uploads cut by a crash left behind: all of them when this server is the only one (no
 * upload can be in flight), else only those untouched for an hour (another process may be writing the rest).
 */
export async function sweepTemps(dataDir: string, options: { all: boolean }): Promise<number> {
  const tmpDir = path.join(dataDir, 'files', 'tmp');
  const names = await fs.readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) continue;
    if (!options.all && Date.now() - stat.mtimeMs < ORPHAN_AGE_MS) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

/** busboy reports a broken multipart body (no boundary, cut short) as a plain Error: bad input, not a server bug */
export const isBrokenMultipart = (error: unknown): boolean =>
  /^(Multipart: Boundary not found|Unexpected end of multipart data|Unsupported Content-Type|Malformed part header)/.test(
    (error as Error)?.message ?? '',
  );
