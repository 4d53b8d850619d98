import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import type { UploadedFile } from '../../contract/files';
import { PREVIEW_PDF_PATH } from '../../contract/preview';
import { drivers, useServer, type ServerContext } from './support/server';
import { storedPart, zerosPart, zipOf } from './support/zip-bombs';

/** A stand-in for soffice that logs each run: it sleeps on SLOW-CONVERSION, makes no PDF of BROKEN, else a tiny one. */
function standInSoffice() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oa-soffice-'));
  const runs = path.join(dir, 'runs.log');
  const script = path.join(dir, 'soffice');
  writeFileSync(
    script,
    `#!/bin/sh
for a in "$@"; do
  if [ "$prev" = "--outdir" ]; then out="$a"; fi
  prev="$a"
done
echo "$prev" >> '${runs}'
if grep -aq SLOW-CONVERSION "$prev"; then sleep 300; fi
if grep -aq BROKEN "$prev"; then exit 0; fi
name=$(basename "$prev")
printf '%%PDF-1.4\\n%%%% stand-in\\n' > "$out/\${name%.*}.pdf"
`,
    { mode: 0o755 },
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const count = () => {
    try {
      return readFileSync(runs, 'utf8').split('\n').filter(Boolean).length;
    } catch {
      return 0;
    }
  };
  return { script, count };
}

function previewClient(ctx: ServerContext) {
  const upload = async (user: string, bytes: Buffer, name: string) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), name);
    const answer = await (await ctx.as(user)).post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data[0]!;
  };
  /** the answer, its message (when refused) and how long it took */
  const pdfOf = async (user: string, fileName: string, baseUrl = ctx.server.baseUrl) => {
    const started = performance.now();
    const answer = await fetch(`${baseUrl}${PREVIEW_PDF_PATH}?fileName=${fileName}`, {
      headers: { uid: await ctx.uidOf(user) },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const ms = performance.now() - started;
    const msg = answer.ok ? '' : (JSON.parse(body.toString()) as { msg: string }).msg;
    return { status: answer.status, headers: answer.headers, body, msg, ms };
  };
  return { upload, pdfOf };
}

const BOMB_MESSAGE = '文件解压后过大，无法预览，请下载后查看';
const TIMEOUT_MESSAGE = '文档转换超时，请下载后查看';
const slowWorkbook = (label: string) => zipOf([storedPart('content.xml', `<doc>SLOW-CONVERSION ${label}</doc>`)]);
const plainDocument = (label: string) => zipOf([storedPart('content.xml', `<doc>${label}</doc>`)]);

describe.each(drivers)('decompression bombs and slow conversions on %s', (driver) => {
  const soffice = standInSoffice();
  // 15 s stands for the 60 s default: long enough that "B waited for A" cannot pass for "B was served"
  const ctx = useServer(driver, { env: { SOFFICE_PATH: soffice.script, PREVIEW_CONVERT_TIMEOUT_MS: '15000' } });
  const { upload, pdfOf } = previewClient(ctx);

  it('refuses a 400 KB workbook that inflates to 400 MB at once, without starting LibreOffice', async () => {
    const bomb = zipOf([storedPart('[Content_Types].xml', '<Types/>'), zerosPart('xl/worksheets/sheet1.xml', 400)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const file = await upload('zhangsan', bomb, '炸弹.xlsx');
    const answer = await pdfOf('zhangsan', file.fileName);
    expect(answer.status).toBe(413);
    expect(answer.msg).toBe(BOMB_MESSAGE);
    expect(answer.ms).toBeLessThan(5000);
    expect(soffice.count()).toBe(0);
  });

  it('refuses a bomb whose central directory claims 1000 bytes, without starting LibreOffice', async () => {
    const liar = zipOf([zerosPart('content.xml', 400, 1000)]);
    const file = await upload('zhangsan', liar, '说谎.odt');
    const answer = await pdfOf('zhangsan', file.fileName);
    expect(answer.status).toBe(413);
    expect(answer.msg).toBe(BOMB_MESSAGE);
    expect(answer.ms).toBeLessThan(5000);
    expect(soffice.count()).toBe(0);
  });

  it('serves B while A’s slow conversion runs, then answers A’s failed file at once', { timeout: 90_000 }, async () => {
    const slow = await upload('zhangsan', slowWorkbook('A'), '慢.odt');
    const plain = await upload('lisi', plainDocument('B'), '普通.odt');
    const before = soffice.count();
    const held = pdfOf('zhangsan', slow.fileName);
    await expect.poll(() => soffice.count(), { timeout: 20_000 }).toBe(before + 1); // A's conversion is running

    const forB = await pdfOf('lisi', plain.fileName);
    console.info(`[preview-bomb ${driver}] B's preview while A's conversion is held: ${Math.round(forB.ms)} ms`);
    expect(forB.status).toBe(200);
    expect(forB.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(forB.ms).toBeLessThan(10_000);
    // opened straight from its address, the PDF gets no script of its own (the browser's viewer in a sandbox)
    expect(forB.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);

    const forA = await held;
    expect(forA.status).toBe(504);
    expect(forA.msg).toBe(TIMEOUT_MESSAGE);
    const runs = soffice.count();
    expect(runs).toBe(before + 2);

    const again = await pdfOf('zhangsan', slow.fileName);
    expect(again.status).toBe(504);
    expect(again.msg).toBe(TIMEOUT_MESSAGE);
    expect(again.ms).toBeLessThan(3000);
    // the same bytes uploaded by someone else share the content hash and the remembered failure
    const copy = await upload('lisi', slowWorkbook('A'), '转发的慢文件.odt');
    expect((await pdfOf('lisi', copy.fileName)).status).toBe(504);
    expect(soffice.count()).toBe(runs);
  });

  it('remembers a file LibreOffice cannot convert', async () => {
    const broken = await upload('zhangsan', plainDocument('BROKEN'), '坏.odt');
    const first = await pdfOf('zhangsan', broken.fileName);
    expect(first.status).toBe(422);
    const runs = soffice.count();
    const second = await pdfOf('zhangsan', broken.fileName);
    expect(second.status).toBe(422);
    expect(second.msg).toBe(first.msg);
    expect(soffice.count()).toBe(runs);
  });

  it('serves a stored PDF inline only inside a sandbox', async () => {
    const pdf = await upload(
      'zhangsan',
      await fs.readFile(path.resolve('tests/fixtures/preview/leave.pdf')),
      '说明.pdf',
    );
    const answer = await fetch(`${ctx.server.baseUrl}/api/form/common/api/preview?fileName=${pdf.fileName}`, {
      headers: { uid: await ctx.uidOf('zhangsan') },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('two processes on one PostgreSQL database and data dir', () => {
  const soffice = standInSoffice();
  const ctx = useServer('pg', { env: { SOFFICE_PATH: soffice.script, PREVIEW_CONVERT_TIMEOUT_MS: '15000' } });
  const { upload, pdfOf } = previewClient(ctx);
  const second = {} as { app: FastifyInstance; database: Database; baseUrl: string };
  beforeAll(async () => {
    second.database = await openDatabase(ctx.server.config);
    second.app = await buildApp({ config: ctx.server.config, database: second.database, logger: false });
    second.baseUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.app?.close();
    await second.database?.close();
  });

  it('holds a person to one slot across processes and still serves others', { timeout: 90_000 }, async () => {
    const first = await upload('zhangsan', slowWorkbook('first'), '慢一.odt');
    const another = await upload('zhangsan', slowWorkbook('second'), '慢二.odt');
    const plain = await upload('lisi', plainDocument('C'), '普通二.odt');
    const before = soffice.count();
    const held = pdfOf('zhangsan', first.fileName);
    await expect.poll(() => soffice.count(), { timeout: 20_000 }).toBe(before + 1);
    // the same person's second slow file on the other process waits for the first: it would fill the last slot
    const waiting = pdfOf('zhangsan', another.fileName, second.baseUrl);
    const forB = await pdfOf('lisi', plain.fileName, second.baseUrl);
    expect(forB.status).toBe(200);
    expect(forB.ms).toBeLessThan(10_000);
    expect(soffice.count()).toBe(before + 2); // A's first and B's; A's second has not started
    expect((await held).status).toBe(504);
    expect((await waiting).status).toBe(504);
    expect(soffice.count()).toBe(before + 3);
  });

  it('answers a failure remembered by one process at once on the other', async () => {
    const broken = await upload('zhangsan', plainDocument('BROKEN twice'), '坏二.odt');
    expect((await pdfOf('zhangsan', broken.fileName)).status).toBe(422);
    const runs = soffice.count();
    const elsewhere = await pdfOf('zhangsan', broken.fileName, second.baseUrl);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.msg).toBe('该文件无法转换预览，可能已损坏，请下载后查看');
    expect(soffice.count()).toBe(runs);
  });
});
