import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ok } from '../lib/app-error';

/**
 * Runs a write in one transaction and answers with the success envelope. When the request carries a claimed
 * Idempotency-Key, the envelope is stored in the same transaction, so effect and stored answer commit together.
 */
export async function writeTransaction<T>(request: FastifyRequest, work: (tx: Db) => Promise<T>, msg?: string) {
  const claimed = request.idempotency;
  const body = await request.server.db.transaction(async (tx) => {
    const envelope = ok(await work(tx), msg);
    if (claimed && request.user) {
      await tx
        .update(idempotencyKeys)
        .set({ status: 200, response: JSON.stringify(envelope) })
        .where(and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, claimed.key)));
    }
    return envelope;
  });
  // only after the commit: if it failed, onSend must still release the key
  if (claimed) claimed.stored = true;
  return body;
}
