import zlib from 'node:zlib';

/** One entry of a hand-built zip: its deflated bytes, what they inflate to, and the size the directory claims. */
export interface ZipPart {
  name: string;
  /** raw deflate data (method 8), or stored bytes (method 0) */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  inflated: number;
  /** what the central directory says the entry inflates to; a bomb may lie */
  declared?: number;
}

const MB = 1024 * 1024;

/**
 * `mb` MB of zeros as raw deflate, built cheaply: one MB compressed with a sync flush ends on a byte boundary, so the
 * same ~1 KB block repeated `mb` times and an empty final block is a valid stream of `mb` MB (about 1:1000).
 */
export function zerosPart(name: string, mb: number, declared?: number): ZipPart {
  const zeros = Buffer.alloc(MB);
  const block = zlib.deflateRawSync(zeros, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const ending = zlib.deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let i = 0; i < mb; i++) crc = zlib.crc32(zeros, crc);
  const data = Buffer.concat([...Array<Buffer>(mb).fill(block), ending]);
  return { name, data, method: 8, crc, inflated: mb * MB, declared };
}

/** A small entry stored as it is (method 0): what a stand-in soffice can grep for. */
export function storedPart(name: string, text: string): ZipPart {
  const data = Buffer.from(text);
  return { name, data, method: 0, crc: zlib.crc32(data), inflated: data.length };
}

/** A zip archive (local headers, data, central directory, end record) of the parts, as an office file is. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declared ?? part.inflated;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
