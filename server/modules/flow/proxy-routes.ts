import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { flowProxyBody } from '@contract/flow-proxy-schemas';
import type { Db } from '../../db/client';
import { ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { createProxy, deleteProxy, listProxies } from './proxy-service';

type Write = <T extends { id?: string; notified?: string[] }>(
  request: FastifyRequest,
  work: (tx: Db, userId: string) => Promise<T>,
  msg: string,
) => Promise<unknown>;

/** 审批代理 (contract/flow-proxy.ts): the caller's proxies, setting one (for themself or their staff), ending one. */
export function proxyRoutes(
  plain: FastifyInstance,
  auth: { preValidation: preValidationHookHandler[] },
  write: Write,
  settle: () => Promise<void>,
): void {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get('/api/flow/proxies', auth, async (request) => {
    // a proxy that ended since the last look shows as ended, and its tasks are back, before the page reads them
    await settle();
    return ok({ rows: await listProxies(app.db, currentUser(request)) });
  });
  app.post('/api/flow/proxies', { ...auth, schema: { body: flowProxyBody } }, async (request) =>
    write(request, (tx) => createProxy(tx, currentUser(request), request.body), '审批代理已设置'),
  );
  app.delete('/api/flow/proxies/:id', { ...auth, schema: { params: idParams('代理ID') } }, async (request) =>
    write(request, (tx) => deleteProxy(tx, currentUser(request), request.params.id), '审批代理已取消'),
  );
}
