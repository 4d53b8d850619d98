import { gzipSync } from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { drivers, useServer } from './support/server';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function form(...files: [Buffer | string, string, string?][]): FormData {
  const data = new FormData();
  for (const [content, name, field] of files)
    data.append(field ?? 'file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  return data;
}

describe.each(drivers)('file upload, download and preview on %s', (driver) => {
  const ctx = useServer(driver, { env: { UPLOAD_MAX_MB: '1' } });
  const upload = async (...files: [Buffer | string, string, string?][]) =>
    (await ctx.as('zhangsan')).post<UploadedFile[]>('/api/form/common/file/upload', form(...files));

  it('previews with a 60 s ticket for the preview route (what the client puts in the URL instead of the session token)', async () => {
    const [file] = (await upload([png, '现场.png'])).body.data;
    const me = await ctx.as('zhangsan');
    const ticket = (await me.post<string>('/api/oauth/ticket', { path: '/api/form/common/api/preview' })).body.data;
    expect(ticket).not.toContain(await ctx.uidOf('zhangsan'));
    const preview = await fetch(
      `${ctx.server.baseUrl}/api/form/common/api/preview?fileName=${file!.fileName}&ticket=${encodeURIComponent(ticket)}`,
    );
    expect(preview.status).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer()).equals(png)).toBe(true);
    // the ticket opens the preview only, not the download route beside it
    const download = await fetch(
      `${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${file!.fileName}&ticket=${encodeURIComponent(ticket)}`,
    );
    expect(download.status).toBe(401);
  });

  it('round-trips bytes and a Chinese file name', async () => {
    const bytes = Buffer.concat([png, Buffer.from('尾部数据')]);
    const res = await upload([bytes, '会议纪要 2024（终稿）.png']);
    expect(res.status).toBe(200);
    const [file] = res.body.data;
    expect(file).toMatchObject({ attachName: '会议纪要 2024（终稿）.png', size: bytes.length, mime: 'image/png' });
    expect(file!.fileName).toMatch(/^[0-9a-f-]{36}$/);
    // an unattached upload is its uploader's (files-access.test.ts has who else may read what)
    const down = await fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${file!.fileName}`, {
      headers: { uid: await ctx.uidOf('zhangsan') },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
    expect(down.headers.get('content-type')).toBe('image/png');
    const disposition = down.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('会议纪要 2024（终稿）.png');
  });

  it('stores identical content once, several files per request', async () => {
    const res = await upload(['同样的内容\n', 'a.txt'], ['同样的内容\n', 'b.txt']);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]!.fileName).not.toBe(res.body.data[1]!.fileName);
    const dirs = await fs.readdir(path.join(ctx.server.config.dataDir, 'files'), { recursive: true });
    const blobs = dirs.filter((d) => /[0-9a-f]{64}$/.test(d));
    expect(new Set(blobs).size).toBe(blobs.length);
    expect(res.body.data.every((f) => f.mime === 'text/plain')).toBe(true);
  });

  it('accepts the uid as a query parameter on links, 401 without it', async () => {
    const [file] = (await upload([png, 'x.png'])).body.data;
    const uid = await ctx.uidOf('zhangsan');
    expect(
      (await fetch(`${ctx.server.baseUrl}/api/form/common/api/preview?fileName=${file!.fileName}&uid=${uid}`)).status,
    ).toBe(200);
    const anon = await fetch(`${ctx.server.baseUrl}/api/form/common/api/preview?fileName=${file!.fileName}`);
    expect(anon.status).toBe(401);
  });

  it('previews images, PDF and text inline; other types 415', async () => {
    const [image, doc, text, archive, svg] = (
      await upload(
        [png, 'p.png'],
        [pdf, '制度.pdf'],
        ['第一行\n<b>粗体</b>', 'note.txt'],
        [gzipSync('zip'), 'a.gz'],
        ['<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', 'i.svg'],
      )
    ).body.data;
    const uid = await ctx.uidOf('zhangsan');
    const get = (name: string) =>
      fetch(`${ctx.server.baseUrl}/api/form/common/api/preview?fileName=${name}&uid=${uid}`);
    const img = await get(image!.fileName);
    expect([
      img.status,
      img.headers.get('content-type'),
      img.headers.get('content-disposition')?.startsWith('inline'),
    ]).toEqual([200, 'image/png', true]);
    expect((await get(doc!.fileName)).headers.get('content-type')).toBe('application/pdf');
    const txt = await get(text!.fileName);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await txt.text()).toContain('第一行');
    expect(svg!.mime).toBe('image/svg+xml');
    for (const file of [archive!, svg!]) {
      const res = await get(file.fileName);
      expect(res.status).toBe(415);
      expect(((await res.json()) as { msg: string }).msg).toBe('该文件类型不支持在线预览');
    }
  });

  it('refuses files over UPLOAD_MAX_MB with 413 and keeps nothing', async () => {
    const res = await upload([Buffer.alloc(1024 * 1024 + 10, 'a'), 'big.txt']);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, msg: '文件大小不能超过1MB' });
    const tmp = await fs.readdir(path.join(ctx.server.config.dataDir, 'files', 'tmp')).catch(() => []);
    expect(tmp).toEqual([]);
  });

  it('refuses executables, HTML and scripted SVG with 415', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    const cases: [Buffer | string, string][] = [
      [exe, 'setup.pdf'],
      [elf, 'tool'],
      ['<!DOCTYPE html><html><body>hi</body></html>', 'page.txt'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.svg'],
      ['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg'],
      ['echo hi', 'run.bat'],
    ];
    for (const file of cases) {
      const res = await upload(file);
      expect(res.status, file[1]).toBe(415);
      expect(res.body.msg).toBe('不支持的文件类型');
    }
  });

  it('answers 404 for unknown ids and traversal attempts, never a file off disk', async () => {
    const client = await ctx.as('zhangsan');
    const names = [
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/etc/passwd',
      '..\\..\\windows\\win.ini',
      '00000000-0000-4000-8000-000000000000',
      `${'a'.repeat(64)}`,
    ];
    for (const name of names) {
      for (const route of ['downloadFile', 'preview']) {
        const res = await client.get(`/api/form/common/api/${route}?fileName=${name}`);
        expect(res.status, `${route} ${name}`).toBe(404);
        expect(res.body.msg).toBe('文件不存在');
      }
    }
  });

  it('needs a file part: 400 for none, for JSON and for an empty file', async () => {
    const client = await ctx.as('zhangsan');
    expect((await client.post('/api/form/common/file/upload', { file: 'x' })).status).toBe(400);
    const noFile = new FormData();
    noFile.append('name', 'value');
    expect((await client.post('/api/form/common/file/upload', noFile)).body.msg).toBe('请选择要上传的文件');
    expect((await upload(['', 'empty.txt'])).body.msg).toBe('不能上传空文件');
  });
});
