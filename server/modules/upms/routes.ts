import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DictItem } from '@contract/upms';
import { ok } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { presentCurrentUser } from './presenter';
import { listDictItems, loadSiteConfig, loadUserProfile } from './service';
import { configuredChannels } from '../delivery/channels';
import { userAdminRoutes } from './admin-routes';

const dictParams = z.object({
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9_:-]{0,63}$/, '字典类型格式不正确'),
});

/** /api/upms: current user, public site config, dictionaries; 离职交接 and disabling people (admin-routes.ts). */
export async function upmsRoutes(app: FastifyInstance): Promise<void> {
  await userAdminRoutes(app);
  app.get('/api/upms/user/current', { preHandler: [app.authenticate] }, async (request) => {
    const principal = currentUser(request);
    const profile = await loadUserProfile(app.db, principal.id);
    return ok(presentCurrentUser(profile, principal, app.config));
  });

  // public: the login page shows webName before anyone has logged in
  app.get('/api/upms/sys/config/info', async () =>
    ok(await loadSiteConfig(app.db, app.config.uploadMaxMb, configuredChannels(app.config))),
  );

  app.get('/api/upms/upms/dict/type/:type', { preHandler: [app.authenticate] }, async (request) => {
    const { type } = validate(dictParams, request.params);
    const items: DictItem[] = await listDictItems(app.db, type);
    return ok(items);
  });
}
