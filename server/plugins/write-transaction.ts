import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ok } from '../lib/app-error';

/** Work that must wait for the commit: a call out that a rollback could not undo (a reminder, a worker's wake-up). */
export type AfterCommit = (log: FastifyBaseLogger) => void;

const pending = new AsyncLocalStorage<AfterCommit[]>();

/**
 * Runs `hook` once the write transaction this code runs in has committed; never when it rolls back (a retried
 * attempt's hooks go with it). Outside a write transaction (the seed, a test's own transaction) there is no request
 * to answer and nothing is run.
 */
export function afterCommit(hook: AfterCommit): void {
  pending.getStore()?.push(hook);
}

/**
 * Runs a write in one transaction and answers with the success envelope. When the request carries a claimed
 * Idempotency-Key, the envelope is stored in the same transaction, so effect and stored answer commit together.
 * What the work registered with afterCommit runs after the commit, so no route has to remember it.
 */
export async function writeTransaction<T>(request: FastifyRequest, work: (tx: Db) => Promise<T>, msg?: string) {
  const claimed = request.idempotency;
  const hooks: AfterCommit[] = [];
  const body = await pending.run(hooks, () =>
    request.server.db.transaction(async (tx) => {
      const envelope = ok(await work(tx), msg);
      if (claimed && request.user) {
        await tx
          .update(idempotencyKeys)
          .set({ status: 200, response: JSON.stringify(envelope) })
          .where(and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, claimed.key)));
      }
      return envelope;
    }),
  );
  // only after the commit: if it failed, onSend must still release the key
  if (claimed) claimed.stored = true;
  for (const hook of hooks) {
    try {
      hook(request.log);
    } catch (error) {
      // the write has committed and its answer stands; what failed after it is only logged
      request.log.error(error, 'after-commit work failed');
    }
  }
  return body;
}
