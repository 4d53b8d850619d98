import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { api, type TestServer } from '../factories/test-server';
import { useServer } from './support/server';

// The embedded database runs one statement at a time. These tests hold its single backend with an open transaction
// (one turn, as a long query would) and watch what a phone hears from requests that queue behind it. Only PGlite
// queues statements in the server; PostgreSQL has its own pool and runs them side by side.

const todo = '/api/flow/task/todo?pageNum=1&pageSize=10';

/** Holds the database's backend until released: a transaction that waits on a promise is one long turn. */
function holdDatabase(database: Database): { started: Promise<void>; release(): void; finished: Promise<void> } {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = (): void => undefined;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const finished = database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    started();
    await gate;
  });
  return { started: startedPromise, release, finished };
}

/** Waits (without a fixed sleep) until the condition holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** Waits until a request's statement is queued for the backend, and answers when that was seen. */
async function queued(database: Database): Promise<number> {
  await until(() => (database.statementsWaiting?.() ?? 0) >= 1);
  return performance.now();
}

/**
 * When the server receives the next request for `url`: Node's own 'request' event, before any of Fastify's hooks, so
 * no later than the moment the server's deadline starts counting.
 */
function arrivalOf(server: TestServer, url: string): Promise<number> {
  return new Promise((resolve) => {
    const onRequest = (request: IncomingMessage) => {
      if (request.url !== url) return;
      server.app.server.off('request', onRequest);
      resolve(performance.now());
    };
    server.app.server.on('request', onRequest);
  });
}

describe('reads that cannot start in time answer 503 at once (pglite)', () => {
  const deadlineMs = 200;
  const ctx = useServer('pglite', { env: { DB_ADMISSION: 'on', DB_READ_DEADLINE_MS: String(deadlineMs) } });

  it('a read still queued at its deadline answers 503 + Retry-After with the Chinese message, and is served on retry', async () => {
    const client = api(ctx.server.baseUrl, await ctx.uidOf('zhangsan'));
    expect((await client.get(todo)).status).toBe(200);
    const database = ctx.server.database;
    const hold = holdDatabase(database);
    await hold.started;
    const arrived = arrivalOf(ctx.server, todo);
    const answer = client.get(todo);
    // a statement queued first may be the delivery worker's, not the request's (a busy machine delays the request):
    // the request's deadline has passed once this much time has gone since both happened
    const seenAt = Math.max(await queued(database), await arrived);
    await until(() => performance.now() > seenAt + deadlineMs);
    hold.release();
    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ code: 503, msg: '服务器繁忙，请稍后重试', data: null });
    await hold.finished;
    // what the client does next (it retries after Retry-After): the same read is served
    const retried = await client.get(todo);
    expect(retried.status).toBe(200);
    expect(retried.body.code).toBe(200);
  });

  it('a write queued past the same deadline is never refused: once admitted it runs to its end', async () => {
    const client = api(ctx.server.baseUrl, await ctx.uidOf('zhangsan'));
    const database = ctx.server.database;
    const hold = holdDatabase(database);
    await hold.started;
    const url = `/api/mobile/uni/app/update?cid=deadline-${Date.now()}`;
    const arrived = arrivalOf(ctx.server, url);
    const answer = client.post(url);
    const seenAt = Math.max(await queued(database), await arrived);
    await until(() => performance.now() > seenAt + deadlineMs);
    hold.release();
    const written = await answer;
    expect(written.status).toBe(200);
    expect(written.body.code).toBe(200);
    await hold.finished;
  });
});

describe('the database serves the oldest request first (pglite)', () => {
  const ctx = useServer('pglite', { env: { DB_ADMISSION: 'on', DB_READ_DEADLINE_MS: '60000' } });

  it('a request that has started (the badges run five statements) finishes before later database work starts', async () => {
    const client = api(ctx.server.baseUrl, await ctx.uidOf('zhangsan'));
    expect((await client.get('/api/message/badges')).status).toBe(200);
    const database = ctx.server.database;
    const first = holdDatabase(database);
    await first.started;
    const badges = client.get('/api/message/badges');
    await queued(database);
    // the badges' first statement is next; later work (a second long turn) is asked for right away
    first.release();
    const later = holdDatabase(database);
    let laterStarted = false;
    void later.started.then(() => (laterStarted = true));
    const answer = await badges;
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    // the badges never waited for the later turn: it had not even started when they were answered
    expect(laterStarted).toBe(false);
    later.release();
    await Promise.all([first.finished, later.finished]);
  });
});
