import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { api, loginAs } from '../factories/test-server';
import { listenFlowEvents, startLeave } from '../factories/flow-events';
import { startBalancer, type Balancer } from '../factories/round-robin-balancer';
import { startTestS3, type TestS3 } from '../factories/s3-server';
import { createSeededPgDatabase, spawnServer, type ServerProcess } from '../support-bench/spawn-server';

/** Everything under a DATA_DIR's files/ except empty folders: with object storage no blob may stay on a machine. */
async function filesOnDisk(dataDir: string): Promise<string[]> {
  const entries = await fs
    .readdir(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

// two machines: two server processes, each with its own DATA_DIR, on one PostgreSQL and one bucket, behind a balancer
describe('two machines behind a load balancer (one PostgreSQL, one bucket, separate disks)', () => {
  let db: Awaited<ReturnType<typeof createSeededPgDatabase>>;
  let s3: TestS3;
  let machines: ServerProcess[] = [];
  let dataDirs: string[] = [];
  let balancer: Balancer;
  beforeAll(async () => {
    [db, s3] = await Promise.all([createSeededPgDatabase('oa_machines'), startTestS3()]);
    dataDirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'oa-machine-'))));
    machines = await Promise.all(
      dataDirs.map((dataDir) => spawnServer({ DATABASE_URL: db.url, DATA_DIR: dataDir, ...s3.env() })),
    );
    balancer = await startBalancer(machines.map((m) => m.baseUrl));
  }, 180_000);
  afterAll(async () => {
    await balancer?.close();
    await Promise.all(machines.map((m) => m.stop()));
    await Promise.all([db?.drop(), s3?.close(), ...dataDirs.map((d) => fs.rm(d, { recursive: true, force: true }))]);
  });

  it('both machines are ready', async () => {
    for (const machine of machines) expect((await fetch(`${machine.baseUrl}/api/health/ready`)).status).toBe(200);
  });

  it('downloads through one machine a file uploaded through the other, whole and in ranges; neither disk keeps it', async () => {
    const uid = await loginAs(balancer.url, 'zhangsan', '123456');
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), '两台机器.bin');
    const uploaded = await fetch(`${balancer.url}/api/form/common/file/upload`, {
      method: 'POST',
      headers: { uid },
      body: data,
    });
    expect(uploaded.status).toBe(200);
    const [file] = ((await uploaded.json()) as { data: UploadedFile[] }).data;
    const through = uploaded.headers.get('x-backend');
    const other = machines[through === '0' ? 1 : 0]!;
    const down = await fetch(`${other.baseUrl}/api/form/common/api/downloadFile?fileName=${file!.fileName}`, {
      headers: { uid },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
    const range = await fetch(`${other.baseUrl}/api/form/common/api/downloadFile?fileName=${file!.fileName}`, {
      headers: { uid, range: 'bytes=2000000-2000099' },
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(2_000_000, 2_000_100))).toBe(true);
    for (const dir of dataDirs) expect(await filesOnDisk(dir)).toEqual([]);
  });

  it('delivers a live event caused through one machine to a stream held by the other', async () => {
    const lisi = await loginAs(machines[1]!.baseUrl, 'lisi', '123456');
    const zhangsan = await loginAs(machines[0]!.baseUrl, 'zhangsan', '123456');
    const stream = await listenFlowEvents(machines[1]!.baseUrl, lisi);
    await expect.poll(() => stream.events.length, { timeout: 20_000 }).toBe(1);
    const before = stream.events[0]!.todo;
    await startLeave(machines[0]!.baseUrl, zhangsan);
    await expect.poll(() => stream.events.at(-1)?.todo, { timeout: 20_000 }).toBe(before + 1);
    stream.close();
  });

  it('holds the AI question limit across machines: ten through the balancer, the eleventh refused by both', async () => {
    const uid = await loginAs(balancer.url, 'wangwu', '123456');
    const conversation = (await api(balancer.url, uid).post<{ id: string }>('/api/ai/conversations', {})).body.data.id;
    const ask = async (url: string) => {
      const res = await fetch(`${url}/api/ai/conversations/${conversation}/ask`, {
        method: 'POST',
        headers: { uid, 'content-type': 'application/json' },
        body: JSON.stringify({ text: '我有几个待办' }),
      });
      await res.text(); // the answer streams to its end, so the open-answer slot is free for the next question
      return res.status;
    };
    for (let i = 0; i < 10; i++) expect(await ask(balancer.url)).toBe(200);
    for (const machine of machines) expect(await ask(machine.baseUrl)).toBe(429);
  });
});
