import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/*
 * Writes the PWA icons (no image library on this machine): a flat blue tile with a white "document" glyph made of
 * a rounded sheet and three bars. Run once with `npx tsx scripts/generate-icons.ts`; the PNGs are committed.
 */
const PRIMARY = [0x16, 0x77, 0xff] as const;
const SOFT = [0xe8, 0xf1, 0xff] as const;

type Rgba = [number, number, number, number];

function crcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const CRC = crcTable();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const p = pixel(x, y);
      raw.set(p, y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Inside a rounded rectangle given in unit coordinates (0..1). */
function inRoundRect(u: number, v: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean {
  if (u < x0 || u > x1 || v < y0 || v > y1) return false;
  const cx = Math.min(Math.max(u, x0 + r), x1 - r);
  const cy = Math.min(Math.max(v, y0 + r), y1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
}

/** The glyph inside a tile; `scale` shrinks it towards the centre (maskable icons keep a safe zone). */
function shade(u: number, v: number, tileRadius: number, scale: number): Rgba {
  if (tileRadius >= 0 && !inRoundRect(u, v, 0, 0, 1, 1, tileRadius)) return [0, 0, 0, 0];
  const gu = 0.5 + (u - 0.5) / scale;
  const gv = 0.5 + (v - 0.5) / scale;
  if (inRoundRect(gu, gv, 0.27, 0.2, 0.73, 0.8, 0.06)) {
    const bar = (y: number, w: number) => inRoundRect(gu, gv, 0.35, y, 0.35 + w, y + 0.05, 0.025);
    if (bar(0.32, 0.3) || bar(0.45, 0.3) || bar(0.58, 0.18)) return [...PRIMARY, 255];
    return [255, 255, 255, 255];
  }
  if (inRoundRect(gu, gv, 0.31, 0.24, 0.77, 0.84, 0.06)) return [...SOFT, 255];
  return [...PRIMARY, 255];
}

/** 4×4 supersampling so the edges are not jagged. */
function render(size: number, tileRadius: number, scale: number): Buffer {
  return encodePng(size, (x, y) => {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < 4; sy++) {
      for (let sx = 0; sx < 4; sx++) {
        const p = shade((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size, tileRadius, scale);
        for (let i = 0; i < 3; i++) acc[i]! += p[i]! * p[3];
        acc[3]! += p[3];
      }
    }
    const a = acc[3]!;
    if (a === 0) return [0, 0, 0, 0];
    return [Math.round(acc[0]! / a), Math.round(acc[1]! / a), Math.round(acc[2]! / a), Math.round(a / 16)];
  });
}

const out = 'public/icons';
writeFileSync(`${out}/icon-192.png`, render(192, 0.2, 1));
writeFileSync(`${out}/icon-512.png`, render(512, 0.2, 1));
// maskable: full bleed, glyph inside the 80 % safe circle
writeFileSync(`${out}/icon-maskable-512.png`, render(512, -1, 0.8));
// iOS rounds the corners itself and shows transparency as black
writeFileSync(`${out}/apple-touch-icon.png`, render(180, -1, 1));
console.log('icons written to', out);
