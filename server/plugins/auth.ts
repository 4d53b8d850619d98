import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Principal } from '../lib/principal';
import { checkGateRoutes, openBeforePasswordChange, passwordGateRefusal } from './password-gate';

declare module 'fastify' {
  interface FastifyRequest {
    user: Principal | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a live session (disabling a user revokes theirs, migration 0027), 55555 for a disabled account */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: resolves the session when a uid is sent, lets anonymous callers through */
    authenticateOptional: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** download/preview links put the uid in the query string (an <img>/<a> cannot send headers) */
    allowQueryUid?: boolean;
  }
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers.uid;
  let token = Array.isArray(header) ? header[0] : header;
  if (!token && request.routeOptions.config.allowQueryUid) {
    const query = request.query as Record<string, unknown> | undefined;
    token = typeof query?.uid === 'string' ? query.uid : undefined;
  }
  token = token?.trim();
  // tokens are 43 base64url characters; anything else cannot be a session and is not worth a query
  return token && token.length <= 128 && /^[A-Za-z0-9_-]+$/.test(token) ? token : token ? '' : null;
}

interface SessionRef {
  sessionId: string;
  userId: string;
}

/**
 * Where sessions come from. The session module's cache and the oauth module's link tickets, handed in by
 * server/app.ts: a plugin imports no module (docs/architecture.md).
 */
export interface SessionSources {
  cache: {
    /** the live session of a token (sliding its expiry), or null */
    session(token: string): Promise<SessionRef | null>;
    principal(userId: string): Promise<Principal | null>;
    close(): Promise<void>;
  };
  /** the session behind a link ticket in the query (null when the request has none); throws 401 for a bad one */
  fromTicket(request: FastifyRequest): Promise<SessionRef | null>;
}

/**
 * Session lookup from the `uid` header (or query for links) → request.user. A person who must still change their
 * initial password is refused on every route but a few (./password-gate.ts), before the route's own validation.
 */
export async function registerAuth(app: FastifyInstance, { cache, fromTicket }: SessionSources): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onClose', () => cache.close());
  checkGateRoutes(app);

  // what the gate looked up, so the route's own authentication does not look it up again
  const looked = new WeakMap<FastifyRequest, { token: string; session: SessionRef; principal: Principal | null }>();
  // Every route, whether it authenticates or not, and before schemas run: a refused person never hears what their
  // input lacked. A token that does not resolve is left to the route (401 where a session is needed).
  app.addHook('onRequest', async (request) => {
    if (openBeforePasswordChange(request)) return;
    const token = readToken(request);
    const session = token ? await cache.session(token) : null;
    if (!token || !session) return;
    const principal = await cache.principal(session.userId);
    const refusal = passwordGateRefusal(request, principal);
    if (refusal) throw refusal;
    looked.set(request, { token, session, principal });
  });

  const resolve = async (request: FastifyRequest, required: boolean): Promise<void> => {
    // link routes also take a short-lived ticket instead of the session token (server/modules/oauth/link-ticket.ts)
    const ticketed = await fromTicket(request);
    const token = readToken(request);
    if (!ticketed && token === null && !required) return;
    const early = ticketed ? undefined : looked.get(request);
    const reuse = early && early.token === token ? early : undefined;
    const session = ticketed ?? reuse?.session ?? (token ? await cache.session(token) : null);
    if (!session) throw new AppError(401, '登录状态已过期');
    const principal = reuse ? reuse.principal : await cache.principal(session.userId);
    if (!principal) throw new AppError(401, '登录状态已过期');
    if (principal.status !== 'active') throw new AppError(403, '账号已停用', 55555);
    // a link ticket did not pass the gate above
    const refusal = passwordGateRefusal(request, principal);
    if (refusal) throw refusal;
    request.user = principal;
    request.sessionId = session.sessionId;
  };

  app.decorate('authenticate', (request: FastifyRequest) => resolve(request, true));
  app.decorate('authenticateOptional', (request: FastifyRequest) => resolve(request, false));
}

/** The caller of a route that ran `app.authenticate` (throws if the route forgot it: a bug, not bad input). */
export function currentUser(request: FastifyRequest): Principal {
  if (!request.user) throw new AppError(401, '登录状态已过期');
  return request.user;
}
