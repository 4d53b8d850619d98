import type { FastifyInstance, FastifyRequest, FastifyReply, preHandlerHookHandler } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Db } from '../db/client';
import { isConnectionLoss } from '../db/connection-loss';
import { AppError } from '../lib/app-error';

/*
 * Idempotency-Key for POST/PUT/DELETE of logged-in callers.
 * 1. claim: insert (user, key) with status 0 before the handler runs; a second request with the same key finds the
 *    row and either replays the stored answer (same status and body, nothing runs) or, while status is still 0,
 *    waits for it (409 请求正在处理中 after 10 s).
 * 2. store: handlers that write use writeTransaction() (server/plugins/write-transaction.ts), which saves the answer in
 *    the SAME transaction as the effect, so a crash can never leave an effect without its stored answer. Any other
 *    answer (validation errors, …) is saved in onSend; a 5xx answer releases the key so the client may retry.
 * 3. a claim still unanswered after IDEMPOTENCY_STALE_SECONDS was left by a crashed process: a retry takes it over.
 *    A server that starts as the only one on its database releases every unanswered claim at once (releaseDeadClaims).
 * Anonymous calls (login) are not covered: their answers (session tokens) must never be replayed to someone else.
 */

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { key: string; stored: boolean } | null;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WAIT_MS = 10_000;
const writeMethods = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return null;
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw new AppError(400, 'Idempotency-Key格式不正确');
  return key;
}

function claimHandler(app: FastifyInstance): preHandlerHookHandler {
  const staleMs = app.config.idempotencyStaleSeconds * 1000;
  return async function claim(request: FastifyRequest, reply: FastifyReply) {
    const key = readKey(request);
    const user = request.user;
    if (!key || !user) return;
    const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const inserted = await app.db
        .insert(idempotencyKeys)
        .values({ userId: user.id, key, method: request.method, path: request.url })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length) {
        request.idempotency = { key, stored: false };
        return;
      }
      const [row] = await app.db.select().from(idempotencyKeys).where(where);
      if (!row) continue;
      // compared with lt, not eq: the column keeps microseconds, a JS Date only milliseconds
      const expired = new Date(Date.now() - DAY_MS);
      if (row.createdAt < expired) {
        await app.db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, expired)));
        continue;
      }
      if (row.method !== request.method || row.path !== request.url)
        throw new AppError(409, '该Idempotency-Key已用于其他请求');
      if (row.status > 0 && row.response !== null) {
        return reply
          .status(row.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(row.response);
      }
      // a claim never answered: its process died before committing (the effect commits with the answer), so the
      // retry may take it over; otherwise a crash would answer 409 to the client's retries for a whole day
      const stale = new Date(Date.now() - staleMs);
      if (row.status === 0 && row.createdAt < stale) {
        await app.db
          .delete(idempotencyKeys)
          .where(and(where, eq(idempotencyKeys.status, 0), lt(idempotencyKeys.createdAt, stale)));
        continue;
      }
      await sleep(150);
    }
    throw new AppError(409, '请求正在处理中');
  };
}

/** Drops every unanswered claim: only for a server that starts alone, when no living process can own one. */
export async function releaseDeadClaims(db: Db): Promise<number> {
  const released = await db
    .delete(idempotencyKeys)
    .where(eq(idempotencyKeys.status, 0))
    .returning({ key: idempotencyKeys.key });
  return released.length;
}

/** Registers the Idempotency-Key handling for every write route registered after it. */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  const claim = claimHandler(app);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => writeMethods.has(m))) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    // last, so it runs after authentication has set request.user
    route.preHandler = [...existing, claim];
  });

  let lastSweep = 0;
  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed || claimed.stored || !request.user) return payload;
    claimed.stored = true;
    const where = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, claimed.key));
    const settle = () =>
      reply.statusCode >= 500 || typeof payload !== 'string'
        ? app.db.delete(idempotencyKeys).where(where)
        : app.db.update(idempotencyKeys).set({ status: reply.statusCode, response: payload }).where(where);
    try {
      // a connection lost under the request (its 503) may still be the one the pool hands out first: one more try
      await settle().catch((error: unknown) => (isConnectionLoss(error) ? settle() : Promise.reject(error)));
    } catch (error) {
      // the answer stands; the unsettled claim answers 409 to retries until it goes stale
      request.log.warn({ err: error }, 'idempotency key could not be settled');
    }
    if (Date.now() - lastSweep > 10 * 60 * 1000) {
      lastSweep = Date.now();
      await app.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - DAY_MS)))
        .catch((error: unknown) => request.log.warn({ err: error }, 'idempotency sweep failed'));
    }
    return payload;
  });
}
