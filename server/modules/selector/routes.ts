import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/app-error';
import { isUuid, validate } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { orgScopeFor } from './policy';
import { groupLevel, orgLevel, postLevel, searchOrgUsers, usersUnderOrg } from './service';

const ROOT_IDS = new Set(['0', 'root', '-1', '']);

/** ':id' of the trees: '0' / 'root' = top level (null), else a UUID. */
const nodeParams = z.object({
  id: z
    .string()
    .max(64, 'ID格式不正确')
    .refine((id) => ROOT_IDS.has(id) || isUuid(id), 'ID格式不正确')
    .transform((id) => (ROOT_IDS.has(id) ? null : id.toLowerCase())),
});
const orgQuery = z.object({ queryValue: z.string().trim().max(50, '搜索内容不能超过50字').optional() });

/** /api/upms/selector/tree/* and /api/upms/user/org/all: the org / group / post user pickers. */
export async function selectorRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: [app.authenticate] };

  const scopeOf = (request: FastifyRequest) => orgScopeFor(app.db, currentUser(request), app.config.orgVisibility);

  // the filtered and nopermfilter trees answer alike: the site setting, not the URL, decides who is visible
  const orgTree = async (request: FastifyRequest) => {
    const { id } = validate(nodeParams, request.params);
    const { queryValue } = validate(orgQuery, request.query);
    const scope = await scopeOf(request);
    if (queryValue) return ok(await searchOrgUsers(app.db, queryValue, scope));
    return ok(await orgLevel(app.db, id, scope));
  };
  app.get('/api/upms/selector/tree/org/user/:id', auth, orgTree);
  app.get('/api/upms/selector/tree/org/user/nopermfilter/:id', auth, orgTree);

  app.get('/api/upms/selector/tree/group/user/:id', auth, async (request) => {
    const { id } = validate(nodeParams, request.params);
    return ok(await groupLevel(app.db, id, currentUser(request), await scopeOf(request)));
  });

  app.get('/api/upms/selector/tree/post/user/:id', auth, async (request) => {
    const { id } = validate(nodeParams, request.params);
    return ok(await postLevel(app.db, id, await scopeOf(request)));
  });

  app.get('/api/upms/user/org/all/:id', auth, async (request) => {
    const { id } = validate(nodeParams, request.params);
    const scope = await scopeOf(request);
    if (id === null) return ok([]);
    return ok(await usersUnderOrg(app.db, id, scope));
  });
}
