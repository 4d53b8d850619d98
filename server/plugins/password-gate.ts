import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiCode } from '@contract/envelope';
import { AppError } from '../lib/app-error';
import type { Principal } from '../lib/principal';

/**
 * The routes a person whose initial password must still be changed (users.must_change_password, set by npm run
 * org:import) may call: who they are (and that they must change it), the change itself, logout, the logins and their
 * key, the site config the login and password pages show, health. Matched by method and registered route pattern,
 * never by a prefix: a route added later is refused until it is listed here.
 */
export const BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  'GET /api/upms/user/current',
  'POST /api/my/password',
  'POST /api/oauth/logout',
  'GET /api/oauth/publicKey',
  'POST /api/oauth/login',
  'POST /api/oauth/thirdparty/login',
  'POST /api/mobile/ding/talk/login',
  'POST /api/mobile/wecom/login',
  'GET /api/mobile/wecom/authorize',
  'POST /api/mobile/uni/app/login',
  // the hybrid shell signs every page for the chat SDK, the password page too
  'POST /api/mobile/wxmobile/app/signature2',
  'GET /api/upms/sys/config/info',
  'GET /api/health',
  'GET /api/health/ready',
]);

/** What the client hears: 403 with its own code, on which it opens 我的 → 修改密码 (src/api/error-catalogue.ts). */
export const PASSWORD_CHANGE_MESSAGE = '请先修改初始密码';

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** Whether the route of this request is open before the password is changed (an unknown route is not: it answers 404). */
export function openBeforePasswordChange(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url === undefined || BEFORE_PASSWORD_CHANGE.has(routeKey(request.method, url));
}

/** The refusal for a person who must change their password first, on a route not open to them; else null. */
export function passwordGateRefusal(request: FastifyRequest, principal: Principal | null): AppError | null {
  if (!principal?.mustChangePassword || principal.status !== 'active' || openBeforePasswordChange(request)) return null;
  return new AppError(403, PASSWORD_CHANGE_MESSAGE, ApiCode.passwordChangeRequired);
}

/** Fails the start when a listed route is not registered: a renamed route would otherwise lock such people out. */
export function checkGateRoutes(app: FastifyInstance): void {
  const registered = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.add(routeKey(method, route.url));
  });
  app.addHook('onReady', async () => {
    const missing = [...BEFORE_PASSWORD_CHANGE].filter((key) => !registered.has(key));
    if (missing.length)
      throw new Error(`routes open before a password change are not registered: ${missing.join(', ')}`);
  });
}
