import fs from 'node:fs/promises';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listenLive } from '../factories/live-stream';
import { api, loginAs } from '../factories/test-server';
import { createSeededPgDatabase, spawnServer, type ServerProcess } from '../support-bench/spawn-server';

const SENDS = 60;
const TERMINATE_AFTER_ACKS = 10;
const SERVERS_LOCK = 727275;

/** Runs one statement on the test's own connection to the server's database. */
async function onDatabase<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The backends holding the live servers' shared lock on this database. */
const lockHolders = async (url: string) =>
  (
    await onDatabase<{ pid: number }>(
      url,
      `select pid from pg_locks where locktype = 'advisory' and objid = ${SERVERS_LOCK} and granted
         and database = (select oid from pg_database where datname = current_database())`,
    )
  ).map((row) => row.pid);

/** What PostgreSQL does to a server at a restart or failover: every one of its connections is cut. */
const terminateServerConnections = async (url: string) =>
  (
    await onDatabase<{ pid: number }>(
      url,
      `select pid from pg_stat_activity, pg_terminate_backend(pid)
        where datname = current_database() and pid <> pg_backend_pid()`,
    )
  ).length;

describe('a server whose PostgreSQL connections are cut', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
  });

  it('keeps answering, takes its lock again and delivers live events again, losing nothing acknowledged', async () => {
    const database = await createSeededPgDatabase('oa_loss');
    const dataDir = await fs.mkdtemp(`${os.tmpdir()}/oa-loss-`);
    cleanups.push(async () => {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const server: ServerProcess = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    cleanups.push(() => server.kill9());
    const zhangsan = api(server.baseUrl, await loginAs(server.baseUrl, 'zhangsan', '123456'));
    const lisiUid = await loginAs(server.baseUrl, 'lisi', '123456');
    const lisiId = (await api(server.baseUrl, lisiUid).get<{ userVo: { id: string } }>('/api/upms/user/current')).body
      .data.userVo.id;
    const live = await listenLive<{ kind: string; messageId: string | null }>(server.baseUrl, lisiUid, 'mail');
    await expect.poll(() => live.events.length).toBeGreaterThan(0);
    const [lockBefore] = await lockHolders(database.url);
    expect(lockBefore).toBeTypeOf('number');

    // the phone's way: a write that hears 503 is sent again with the same Idempotency-Key
    const run = randomBytes(4).toString('hex');
    const acked = new Map<string, string>();
    const statuses: number[] = [];
    let cut: Promise<number> | null = null;
    const send = async (i: number) => {
      const key = `loss-${run}-${i}`;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const answer = await zhangsan.post<{ id: string }>(
          '/api/mail/messages',
          { to: [lisiId], subject: `断线测试 ${run} #${i}`, bodyHtml: '<p>正文</p>', send: true },
          { 'Idempotency-Key': key },
        );
        statuses.push(answer.status);
        if (answer.status === 200) {
          acked.set(key, answer.body.data.id);
          if (acked.size >= TERMINATE_AFTER_ACKS) cut ??= terminateServerConnections(database.url);
          return;
        }
        expect([503, 409], answer.body.msg).toContain(answer.status);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`mail ${i} was never accepted`);
    };
    await Promise.all(Array.from({ length: SENDS }, (_, i) => send(i)));
    expect(await cut, 'connections were cut mid-burst').toBeGreaterThan(0);

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(acked.size).toBe(SENDS);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    // the lock is held again, on a new connection
    await expect.poll(() => lockHolders(database.url), { timeout: 20_000 }).toHaveLength(1);
    expect((await lockHolders(database.url))[0]).not.toBe(lockBefore);
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/api/health/ready`)).status, { timeout: 20_000 })
      .toBe(200);
    // the stream that stayed open hears of a new mail again
    const after = await zhangsan.post<{ id: string }>('/api/mail/messages', {
      to: [lisiId],
      subject: `断线之后 ${run}`,
      bodyHtml: '<p>正文</p>',
      send: true,
    });
    expect(after.status).toBe(200);
    await expect
      .poll(() => live.events.some((event) => event.messageId === after.body.data.id), { timeout: 10_000 })
      .toBe(true);
    // every acknowledged mail is there, once
    const sent = await onDatabase<{ n: string }>(
      database.url,
      `select count(*) as n from mail_messages where subject like '断线测试 ${run} #%'`,
    );
    expect(Number(sent[0]?.n)).toBe(SENDS);
    live.close();
  }, 120_000);
});
