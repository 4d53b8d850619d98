import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, messageDeliveries, messages, users } from '../../server/db/schema';
import { api, loginAs } from '../factories/test-server';
import {
  createSeededDataDir,
  createSeededPgDatabase,
  openServerDatabase,
  spawnServer,
  type ServerProcess,
} from '../support-bench/spawn-server';
import { drivers } from './support/server';

const WRITES = 200;
const KILL_AFTER_ACKS = 25;
const CHANNELS = ['app', 'sms'];
const RECEIVERS = ['lisi', 'wangwu', 'admin'];

interface Sent {
  status: number;
  body: { code: number; data: { id: string } } | null;
  replayed: boolean;
}

async function sendMessage(
  baseUrl: string,
  uid: string,
  key: string,
  title: string,
  receiverIds: string[],
): Promise<Sent> {
  const res = await api(baseUrl, uid).post<{ id: string }>(
    '/api/upms/message/send',
    { title, content: title, receiverIds, channels: CHANNELS },
    { 'Idempotency-Key': key },
  );
  return { status: res.status, body: res.body, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

describe.each(drivers)('kill -9 during %s writes', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
  });

  it(`keeps every acknowledged write of ${WRITES} concurrent sends, nothing half-written, the rest retryable`, async () => {
    const pg = driver === 'pg' ? await createSeededPgDatabase('oa_crash') : null;
    const dataDir = pg ? await fs.mkdtemp(`${os.tmpdir()}/oa-crash-`) : await createSeededDataDir();
    cleanups.push(async () => {
      await pg?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    // a claim left by the killed process is taken over after 2 s instead of the production default
    const env = { DATA_DIR: dataDir, IDEMPOTENCY_STALE_SECONDS: '2', ...(pg ? { DATABASE_URL: pg.url } : {}) };
    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => server.kill9());

    const uid = await loginAs(server.baseUrl, 'zhangsan', '123456');
    const receiverIds: string[] = [];
    for (const name of RECEIVERS) {
      const me = await api(
        server.baseUrl,
        await loginAs(server.baseUrl, name, name === 'admin' ? 'admin123' : '123456'),
      ).get<{ userVo: { id: string } }>('/api/upms/user/current');
      receiverIds.push(me.body.data.userVo.id);
    }
    const run = randomBytes(4).toString('hex');
    const attempts = Array.from({ length: WRITES }, (_, i) => ({
      key: `crash-${run}-${i}`,
      title: `崩溃测试 ${run} #${i}`,
    }));

    const acked = new Map<string, string>(); // key → message id
    const first = server;
    let killing: Promise<void> | null = null;
    await Promise.allSettled(
      attempts.map(async ({ key, title }) => {
        const res = await sendMessage(first.baseUrl, uid, key, title, receiverIds);
        if (res.status === 200 && res.body?.code === 200) acked.set(key, res.body.data.id);
        if (acked.size >= KILL_AFTER_ACKS) killing ??= first.kill9();
      }),
    );
    await (killing ?? first.kill9());
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.size, 'the kill came after every write: nothing was interrupted').toBeLessThan(WRITES);

    server = await spawnServer(env);
    // an acknowledged write survived with its answer: replaying its key returns the same message and adds nothing
    for (const [key, id] of acked) {
      const title = attempts.find((a) => a.key === key)!.title;
      const again = await sendMessage(server.baseUrl, uid, key, title, receiverIds);
      expect([key, again.status, again.replayed, again.body?.data.id]).toEqual([key, 200, true, id]);
    }
    // an unacknowledged write may or may not have committed; the client's retry with the same key settles it once
    // a key the killed process had claimed answers 409 until its claim lapses (IDEMPOTENCY_STALE_SECONDS, 2 here): this
    // wait is the lapse itself, not a guess at how long something takes
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const pending = attempts.filter((a) => !acked.has(a.key));
    const retries = await Promise.all(
      pending.map((a) => sendMessage(server.baseUrl, uid, a.key, a.title, receiverIds)),
    );
    expect(retries.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    await server.stop();

    const database = await openServerDatabase(env);
    try {
      const rows = await database.db
        .select({ id: messages.id, title: messages.title })
        .from(messages)
        .where(like(messages.title, `崩溃测试 ${run} #%`));
      const deliveries = await database.db.select({ messageId: messageDeliveries.messageId }).from(messageDeliveries);
      const perMessage = new Map<string, number>();
      for (const d of deliveries) perMessage.set(d.messageId, (perMessage.get(d.messageId) ?? 0) + 1);
      // exactly one message per attempt, each with all of its delivery rows
      expect(rows.map((r) => r.title).sort()).toEqual(attempts.map((a) => a.title).sort());
      const partial = rows.filter((r) => perMessage.get(r.id) !== RECEIVERS.length * CHANNELS.length);
      expect(partial).toEqual([]);
      for (const id of acked.values()) expect(rows.some((r) => r.id === id)).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000); // two server starts and 200 writes: over 30 s on a busy 2-core machine

  it('at start-up releases what a killed process left: an unanswered claim (the retry runs at once, no 409) and temp uploads', async () => {
    const pg = driver === 'pg' ? await createSeededPgDatabase('oa_claim') : null;
    const dataDir = pg ? await fs.mkdtemp(`${os.tmpdir()}/oa-claim-`) : await createSeededDataDir();
    cleanups.push(async () => {
      await pg?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const env = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };
    const key = `cut-${randomBytes(4).toString('hex')}`;
    // what a kill -9 mid-request leaves: the claim row, never answered (production stale time, 120 s, applies)
    const database = await openServerDatabase(env);
    try {
      const [me] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangsan'));
      await database.db
        .insert(idempotencyKeys)
        .values({ userId: me!.id, key, method: 'POST', path: '/api/upms/message/send' });
    } finally {
      await database.close();
    }
    // and what an upload cut by a kill -9 leaves: temp files that no commit will ever move
    const tmpDir = `${dataDir}/files/tmp`;
    await fs.mkdir(tmpDir, { recursive: true });
    for (let i = 0; i < 10; i++) await fs.writeFile(`${tmpDir}/${randomBytes(8).toString('hex')}`, 'half an upload');
    const server = await spawnServer(env);
    cleanups.push(() => server.kill9());
    expect(await fs.readdir(tmpDir)).toEqual([]);
    const uid = await loginAs(server.baseUrl, 'zhangsan', '123456');
    const me = await api(server.baseUrl, uid).get<{ userVo: { id: string } }>('/api/upms/user/current');
    const started = Date.now();
    const retry = await sendMessage(server.baseUrl, uid, key, '重试 被中断的发送', [me.body.data.userVo.id]);
    expect([retry.status, retry.body?.code, retry.replayed]).toEqual([200, 200, false]);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 90_000); // a seeded database and a server process: 27 s on a busy 2-core machine
});

describe('the PGlite data-dir lock after a kill -9', () => {
  const ROUNDS = 30;
  const ROUND_MS = 50;
  const lockModule = new URL('../../server/db/data-dir-lock.ts', import.meta.url).pathname;

  /**
   * A process that, in each round, takes round r's lock at goAt + r·ROUND_MS (busy-waiting, so racers start together).
   * goAt comes on its stdin once every racer has loaded the lock module and said so: loading takes seconds on a busy
   * machine, racing a few milliseconds. It keeps what it took until its stdin ends, after every racer has said its
   * last round: a winner that exited would leave a lock that a racer running late may rightly take over.
   */
  function racer(dir: string, rounds: number) {
    const script = `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      process.stdin.setEncoding('utf8');
      const ended = new Promise((resolve) => process.stdin.on('end', resolve));
      let input = '';
      const goLine = new Promise((resolve) =>
        process.stdin.on('data', (chunk) => { input += chunk; if (input.includes('\\n')) resolve(input); }));
      console.log('ready');
      const goAt = Number((await goLine).trim());
      for (let r = 0; r < ${rounds}; r++) {
        const at = goAt + r * ${ROUND_MS};
        while (Date.now() < at) {}
        let said = 'got'; try { lockDataDir(${JSON.stringify(dir)} + '/pgdata-' + r); } catch { said = 'refused'; }
        console.log(r + ':' + said);
      }
      await ended;`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    let ready!: () => void;
    let through!: () => void;
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    const isThrough = new Promise<void>((resolve) => (through = resolve));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.startsWith('ready\n')) ready();
      if (output.includes(`\n${rounds - 1}:`)) through();
    });
    const said = new Promise<string[]>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(output.trim().split('\n').slice(1)) : reject(new Error(`racer exited with ${code}`)),
      );
    });
    const endedFirst = said.then(() => Promise.reject(new Error('a racer ended before the test released it')));
    return {
      loaded: Promise.race([isReady, endedFirst]),
      through: Promise.race([isThrough, endedFirst]),
      said,
      go: (goAt: number) => child.stdin.write(`${goAt}\n`),
      release: () => child.stdin.end(),
    };
  }

  it('lets exactly one of several racing processes take over a stale lock', async () => {
    const dir = await fs.mkdtemp(`${os.tmpdir()}/oa-lock-`);
    try {
      // a pid that surely belongs to no living process: one that just exited
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      for (let r = 0; r < ROUNDS; r++) await fs.writeFile(`${dir}/pgdata-${r}.lock`, String(dead));
      const racers = Array.from({ length: 3 }, () => racer(dir, ROUNDS));
      await Promise.all(racers.map((r) => r.loaded));
      const goAt = Date.now() + 300;
      for (const r of racers) r.go(goAt);
      await Promise.all(racers.map((r) => r.through));
      for (const r of racers) r.release();
      const said = (await Promise.all(racers.map((r) => r.said))).flat();
      const winners = Array.from({ length: ROUNDS }, (_, r) => said.filter((s) => s === `${r}:got`).length);
      expect(winners).toEqual(Array.from({ length: ROUNDS }, () => 1));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
