import type { FastifyInstance } from 'fastify';
import { popPageBody } from '@contract/poppage-schemas';
import { ok } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { getPopData } from './service';
import { orgScopeFor } from '../selector/policy';

/** POST /api/form/poppage/getDataById: a user / org / post / dict item for pop-up pages. */
export async function popPageRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/form/poppage/getDataById', { preHandler: [app.authenticate] }, async (request) => {
    const body = validate(popPageBody, request.body);
    // policy: users and orgs follow the org-visibility rule of every picker; custom records their model's read rule
    const user = currentUser(request);
    return ok(
      await getPopData(app.db, body, { user, scope: await orgScopeFor(app.db, user, app.config.orgVisibility) }),
    );
  });
}
