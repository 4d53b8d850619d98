import { createHash } from 'node:crypto';

/** A stable UUID for a demo record, so every seeded database (and every test) has the same ids. */
export function demoId(key: string): string {
  const hex = createHash('sha256').update(`oa-demo:${key}`).digest('hex');
  // shaped like a v4 UUID (version nibble 4, variant 8–b) so strict validators accept it
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
