import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** What a file would inflate to: not a zip, within the limit, past it (a bomb), or a zip nobody can read. */
export type ZipVerdict = 'not-zip' | 'fine' | 'too-large' | 'unreadable';

/** Far more parts than any office file has (a large workbook or deck has hundreds); each costs LibreOffice work. */
const MAX_ENTRIES = 10_000;
const MAX_COMMENT = 0xffff;

class Unreadable extends Error {}

interface Entry {
  flags: number;
  method: number;
  compressed: number;
  declared: number;
  offset: number;
}

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await handle.read(bytes, 0, length, position);
  if (bytesRead !== length) throw new Unreadable('short read');
  return bytes;
}

const u64 = (bytes: Buffer, at: number): number => {
  const value = bytes.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Unreadable('size past 2^53');
  return Number(value);
};

/** Where the central directory is and how many entries it has, from the end record (ZIP64 where it says so). */
async function directoryOf(handle: fs.FileHandle, size: number) {
  const tailLength = Math.min(size, 22 + MAX_COMMENT + 20);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--)
    if (tail.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) return null;
  let count = tail.readUInt16LE(end + 10);
  let length = tail.readUInt32LE(end + 12);
  let offset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || length === 0xffffffff || offset === 0xffffffff) {
    if (end < 20 || tail.readUInt32LE(end - 20) !== 0x07064b50) throw new Unreadable('no zip64 locator');
    const record = await readAt(handle, u64(tail, end - 12), 56);
    if (record.readUInt32LE(0) !== 0x06064b50) throw new Unreadable('no zip64 end record');
    count = u64(record, 32);
    length = u64(record, 40);
    offset = u64(record, 48);
  }
  if (offset + length > size) throw new Unreadable('directory past the end');
  return { count, length, offset };
}

/** The central directory's entries, with the ZIP64 extra field's sizes where the 32-bit ones say "see there". */
function entriesOf(directory: Buffer): Entry[] {
  const entries: Entry[] = [];
  let at = 0;
  while (at < directory.length) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw new Unreadable('bad entry');
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const entry: Entry = {
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressed: directory.readUInt32LE(at + 20),
      declared: directory.readUInt32LE(at + 24),
      offset: directory.readUInt32LE(at + 42),
    };
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length; e += 4 + extra.readUInt16LE(e + 2)) {
      if (extra.readUInt16LE(e) !== 0x0001) continue;
      let field = e + 4;
      for (const key of ['declared', 'compressed', 'offset'] as const)
        if (entry[key] === 0xffffffff) {
          if (field + 8 > extra.length) throw new Unreadable('short zip64 field');
          entry[key] = u64(extra, field);
          field += 8;
        }
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + directory.readUInt16LE(at + 32);
  }
  return entries;
}

/** Inflates one entry's data only to count it, stopping as soon as it passes `cap` bytes; false past the cap. */
async function inflatesWithin(file: string, start: number, length: number, cap: number): Promise<boolean> {
  let seen = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > cap ? new Error('past the cap') : undefined);
    },
  });
  try {
    await pipeline(
      createReadStream(file, { start, end: start + length - 1 }),
      zlib.createInflateRaw({ chunkSize: 64 * 1024 }),
      counter,
    );
    return true;
  } catch (error) {
    if (seen > cap) return false;
    throw new Unreadable(`corrupt deflate data: ${(error as Error).message}`);
  }
}

/**
 * Whether an office file (OOXML and ODF are zips) would inflate past `limitBytes`. The central directory's sizes are
 * summed first (a plain bomb stops here), then every entry is inflated for real with its declared size as the cap, so
 * an entry that lies about its size stops the check at that size: what passes inflates to at most the sum, which
 * passed the limit. Only deflate and stored entries are read (all LibreOffice reads too).
 */
export async function inspectZip(file: string, limitBytes: number): Promise<ZipVerdict> {
  const handle = await fs.open(file, 'r');
  let zipAtStart = false;
  try {
    const { size } = await handle.stat();
    zipAtStart = size >= 4 && (await readAt(handle, 0, 4)).readUInt32LE(0) === 0x04034b50;
    const located = size >= 22 ? await directoryOf(handle, size) : null;
    if (!located) return zipAtStart ? 'unreadable' : 'not-zip';
    if (located.count > MAX_ENTRIES) return 'too-large';
    const entries = entriesOf(await readAt(handle, located.offset, located.length));
    if (entries.length > MAX_ENTRIES) return 'too-large';
    if (entries.reduce((sum, entry) => sum + entry.declared, 0) > limitBytes) return 'too-large';
    for (const entry of entries) {
      if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) return 'unreadable'; // encrypted, or unknown
      const local = await readAt(handle, entry.offset, 30);
      if (local.readUInt32LE(0) !== 0x04034b50) throw new Unreadable('bad local header');
      const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + entry.compressed > size) throw new Unreadable('entry past the end');
      // stored: its bytes are its size; deflated: inflated for real, with what it claims as the cap
      if (entry.method === 0) {
        if (entry.compressed > entry.declared) return 'too-large';
      } else if (entry.compressed > 0 && !(await inflatesWithin(file, start, entry.compressed, entry.declared)))
        return 'too-large';
    }
    return 'fine';
  } catch (error) {
    if (error instanceof Unreadable) return zipAtStart ? 'unreadable' : 'not-zip';
    throw error;
  } finally {
    await handle.close();
  }
}
