import type { FastifyInstance } from 'fastify';
import { OUTBOX_BATCH_PATH } from '@contract/outbox';
import { outboxBatchBody } from '@contract/outbox-schemas';
import { ok } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { runBatch } from './batch';

/**
 * POST /api/outbox/batch: the writes a phone queued offline, in one request instead of one round trip each. Only a
 * signed-in caller; each write then passes its own route's checks as the same person, and answers on its own.
 */
export async function outboxRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    OUTBOX_BATCH_PATH,
    { preValidation: [app.authenticate], schema: { body: outboxBatchBody } },
    async (request) => ok({ results: await runBatch(app, request, request.body.items) }),
  );
}
