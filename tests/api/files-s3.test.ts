import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { startTestS3, type TestS3 } from '../factories/s3-server';
import { drivers, useServer, type ServerContext } from './support/server';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(ctx: ServerContext, bytes: Buffer, name: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)]), name);
  return (await ctx.as('zhangsan')).post<UploadedFile[]>('/api/form/common/file/upload', data);
}

async function fetchFile(ctx: ServerContext, route: 'downloadFile' | 'preview', fileName: string, range?: string) {
  const headers: Record<string, string> = { uid: await ctx.uidOf('zhangsan') };
  if (range) headers.range = range;
  return fetch(`${ctx.server.baseUrl}/api/form/common/api/${route}?fileName=${fileName}`, { headers });
}

/** Files under DATA_DIR/files other than the (empty) temp folder: with object storage there must be none. */
async function localBlobs(dataDir: string): Promise<string[]> {
  const entries = await fs
    .readdir(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.each(drivers)('files in S3-compatible object storage on %s', (driver) => {
  let s3: TestS3;
  const env: Record<string, string> = { UPLOAD_MAX_MB: '20' };
  beforeAll(async () => {
    s3 = await startTestS3();
    Object.assign(env, s3.env());
  });
  afterAll(async () => s3?.close());
  const ctx = useServer(driver, { env });

  it('streams a multi-part upload into the bucket under its hash, keeps no copy on disk, and downloads it whole', async () => {
    const bytes = randomBytes(9 * 1024 * 1024 + 123); // more than one 8 MB part
    const res = await upload(ctx, bytes, '大文件.bin');
    expect(res.status).toBe(200);
    const [file] = res.body.data;
    const keys = await s3.keys();
    expect(keys.some((k) => /^files\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(k))).toBe(true);
    expect(await localBlobs(ctx.server.config.dataDir)).toEqual([]);
    const down = await fetchFile(ctx, 'downloadFile', file!.fileName);
    expect(down.status).toBe(200);
    expect(down.headers.get('content-length')).toBe(String(bytes.length));
    expect(down.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('stores identical content once', async () => {
    const bytes = Buffer.from(`同样的内容 ${driver} ${Date.now()}\n`);
    const before = (await s3.keys()).length;
    const [a, b] = await Promise.all([upload(ctx, bytes, 'a.txt'), upload(ctx, bytes, 'b.txt')]);
    expect(a.body.data[0]!.fileName).not.toBe(b.body.data[0]!.fileName);
    expect((await s3.keys()).length).toBe(before + 1);
  });

  it('answers range requests from the bucket: a middle range, a suffix, and 416 past the end', async () => {
    const bytes = randomBytes(64 * 1024);
    const [file] = (await upload(ctx, bytes, 'range.bin')).body.data;
    const middle = await fetchFile(ctx, 'downloadFile', file!.fileName, 'bytes=1000-1999');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await fetchFile(ctx, 'downloadFile', file!.fileName, 'bytes=-10');
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const past = await fetchFile(ctx, 'downloadFile', file!.fileName, `bytes=${bytes.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('previews an image from the bucket, also in ranges', async () => {
    const [file] = (await upload(ctx, png, '现场.png')).body.data;
    const whole = await fetchFile(ctx, 'preview', file!.fileName);
    expect([whole.status, whole.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true);
    const head = await fetchFile(ctx, 'preview', file!.fileName, 'bytes=0-7');
    expect(head.status).toBe(206);
    expect(Buffer.from(await head.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
  });
});

describe('range requests on the local disk store', () => {
  const ctx = useServer('pglite');

  it('answers 206 with the asked bytes and 416 past the end', async () => {
    const bytes = randomBytes(4096);
    const [file] = (await upload(ctx, bytes, 'disk.bin')).body.data;
    const part = await fetchFile(ctx, 'downloadFile', file!.fileName, 'bytes=100-');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-4095/4096`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100))).toBe(true);
    expect((await fetchFile(ctx, 'downloadFile', file!.fileName, 'bytes=5000-6000')).status).toBe(416);
    expect(await localBlobs(ctx.server.config.dataDir)).toHaveLength(1);
  });
});
