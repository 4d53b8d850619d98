import type { FastifyInstance } from 'fastify';
import { searchQuery } from '@contract/search-schemas';
import { ok } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { orgScopeFor, scopePath } from '../selector/policy';
import { search } from './search-service';

/** GET /api/search: one search over 审批, 邮件, 资讯, 通讯录, 日程, 会议, 业务建模 and attachment names. */
export async function searchRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/search',
    { preValidation: [app.authenticate], schema: { querystring: searchQuery } },
    async (request) => {
      const user = currentUser(request);
      // people: the picker's org-visibility rule; every other module's rule is applied in SQL (policy.ts)
      const root = scopePath(await orgScopeFor(app.db, user, app.config.orgVisibility));
      return ok(await search(app.db, user, request.query, root));
    },
  );
}
