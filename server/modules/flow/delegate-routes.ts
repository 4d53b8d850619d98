import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { delegateBody, replyBody } from '@contract/flow-schemas';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/validate';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { delegateTask, replyDelegation } from './action-service';

type WriteOnTask = <T extends { instanceId?: string; notified?: string[] }>(
  kind: 'task',
  request: FastifyRequest,
  id: string,
  work: (tx: Db, userId: string) => Promise<T>,
  msg: string,
) => Promise<unknown>;

const taskId = idParams('待办ID');

/** 委派 and its reply: the handler asks one person for their opinion, and decides after it. */
export function delegateRoutes(
  plain: FastifyInstance,
  auth: { preValidation: preValidationHookHandler[] },
  writeOn: WriteOnTask,
): void {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/flow/tasks/:id/delegate',
    { ...auth, schema: { params: taskId, body: delegateBody } },
    async (request) =>
      writeOn(
        'task',
        request,
        request.params.id,
        (tx, userId) => delegateTask(tx, userId, request.params.id, request.body, app.deliverableChannels),
        '已委派',
      ),
  );
  app.post('/api/flow/tasks/:id/reply', { ...auth, schema: { params: taskId, body: replyBody } }, async (request) =>
    writeOn(
      'task',
      request,
      request.params.id,
      (tx, userId) => replyDelegation(tx, userId, request.params.id, request.body),
      '已回复',
    ),
  );
}
