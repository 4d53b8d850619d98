import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { chainPreviewBody } from '@contract/flow-chain-schemas';
import { ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { previewChain } from './chain-preview';

/** The start form's aids (contract/flow-chain.ts): the approval chain the form's values lead to. */
export function chainRoutes(plain: FastifyInstance, auth: { preValidation: preValidationHookHandler[] }): void {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // a POST because the values can be long; it writes nothing, so it needs no transaction or Idempotency-Key
  app.post(
    '/api/flow/definitions/:id/chain',
    { ...auth, schema: { params: idParams('流程ID'), body: chainPreviewBody } },
    async (request) => {
      const { id } = request.params;
      return ok({ steps: await previewChain(app.db, currentUser(request).id, id, request.body.formData) });
    },
  );
}
