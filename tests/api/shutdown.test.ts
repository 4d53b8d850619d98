import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../contract/live-events';
import { loginAs } from '../factories/test-server';
import { createSeededPgDatabase, spawnServer, type ServerProcess } from '../support-bench/spawn-server';

/** An upload whose body the test sends in two halves, so it is in flight for as long as the test wants. */
function slowUpload(baseUrl: string, uid: string) {
  const boundary = '----oa-slow-upload';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const firstHalf = Buffer.alloc(256 * 1024, 'a');
  const secondHalf = Buffer.alloc(256 * 1024, 'b');
  const tail = `\r\n--${boundary}--\r\n`;
  const url = new URL('/api/form/common/file/upload', baseUrl);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      uid,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + firstHalf.length + secondHalf.length + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: { code: number; data: { fileName: string; size: number }[] } }>(
    (resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on('error', reject);
    },
  );
  request.write(head);
  request.write(firstHalf);
  return {
    answer,
    finish: () => request.end(Buffer.concat([secondHalf, Buffer.from(tail)])),
    size: firstHalf.length + secondHalf.length,
  };
}

/** A live event stream that reports when the server ends it. */
async function openStream(baseUrl: string, uid: string) {
  const response = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}?uid=${encodeURIComponent(uid)}`);
  const reader = response.body!.getReader();
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })().catch(() => true);
  return { status: response.status, ended };
}

const tempFiles = async (dataDir: string) => fs.readdir(path.join(dataDir, 'files', 'tmp')).catch(() => [] as string[]);

describe('graceful shutdown of a real server process (SIGTERM)', () => {
  let db: Awaited<ReturnType<typeof createSeededPgDatabase>>;
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    db = await createSeededPgDatabase('oa_shutdown');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-shutdown-'));
    server = await spawnServer({ DATABASE_URL: db.url, DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await server?.kill9();
    await db?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('stops accepting, ends event streams, finishes the in-flight upload, then exits 0', async () => {
    const uid = await loginAs(server.baseUrl, 'zhangsan', '123456');
    const stream = await openStream(server.baseUrl, uid);
    expect(stream.status).toBe(200);
    const upload = slowUpload(server.baseUrl, uid);
    // the server is receiving once the upload's temp file exists
    await expect.poll(async () => (await tempFiles(dataDir)).length, { timeout: 20_000 }).toBe(1);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    await expect(stream.ended).resolves.toBe(true);
    // no new connection is accepted any more, while the upload is still in flight
    await expect
      .poll(
        () =>
          fetch(`${server.baseUrl}/api/health`).then(
            () => 'accepted',
            () => 'refused',
          ),
        { timeout: 20_000 },
      )
      .toBe('refused');
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]!.size).toBe(upload.size);
    expect(await exited).toBe(0);
  });
});
