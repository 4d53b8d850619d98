import type { FastifyInstance } from 'fastify';
import { popPageBody } from '@contract/poppage';
import { ok } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { getPopData } from './service';

/** POST /api/form/poppage/getDataById: a user / org / post / dict item for pop-up pages. */
export async function popPageRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/form/poppage/getDataById', { preHandler: [app.authenticate] }, async (request) => {
    const body = validate(popPageBody, request.body);
    // policy: the address book is open to every logged-in user, so any of them may read these records
    currentUser(request);
    return ok(await getPopData(app.db, body));
  });
}
