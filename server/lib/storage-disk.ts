import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { blobKey, type BlobStore, type ByteRange } from './storage';

/** Blobs under DATA_DIR/files/<xx>/<sha256> on the local disk: the embedded default, one machine only. */
export function createDiskStore(dataDir: string): BlobStore {
  const pathOf = (sha256: string) => path.join(dataDir, blobKey(sha256));
  return {
    kind: 'disk',
    async put(sha256, tmpPath) {
      const target = pathOf(sha256);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const exists = await fs.stat(target).then(
        () => true,
        () => false,
      );
      if (exists) await fs.rm(tmpPath, { force: true });
      else await fs.rename(tmpPath, target);
    },
    async size(sha256) {
      const stat = await fs.stat(pathOf(sha256)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async read(sha256, range?: ByteRange): Promise<Readable> {
      const stream = createReadStream(pathOf(sha256), range ? { start: range.start, end: range.end } : {});
      // open errors (file removed between size and read) surface here, not as a crash of the reply
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
  };
}
