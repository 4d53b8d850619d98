import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/*
 * Link tickets: an EventSource or an <img>/<a> cannot send the uid header, and a session token in a URL ends up in
 * logs, history and proxies. A ticket is good for 60 s and for one path only, and carries the session's id, not its
 * token. It is signed with a key derived from the login key pair in the database, so every server process accepts
 * the tickets of the others; the session is re-checked on use, so a logout ends its tickets too.
 */

const TTL_MS = 60_000;
const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

async function keyOf(app: FastifyInstance): Promise<Buffer> {
  return createHash('sha256')
    .update('link-ticket\n')
    .update(await app.rsaKeys.privatePem())
    .digest();
}

/** A 60-second ticket for `path` on behalf of the given session. */
export async function issueTicket(app: FastifyInstance, sessionId: string, path: string): Promise<string> {
  const payload = b64(JSON.stringify({ s: sessionId, p: path, e: Date.now() + TTL_MS }));
  return `${payload}.${b64(
    createHmac('sha256', await keyOf(app))
      .update(payload)
      .digest(),
  )}`;
}

/** The session behind a `ticket` query value (null when the request has none); 401 for a bad, stale or foreign one. */
export async function sessionFromTicket(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ userId: string; sessionId: string } | null> {
  const query = request.query as Record<string, unknown> | undefined;
  const ticket = request.routeOptions.config.allowQueryUid && typeof query?.ticket === 'string' ? query.ticket : null;
  if (ticket === null) return null;
  const refused = new AppError(401, '登录状态已过期');
  const [payload, signature] = ticket.split('.');
  if (!payload || !signature || ticket.length > 600) throw refused;
  const expected = createHmac('sha256', await keyOf(app))
    .update(payload)
    .digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s: string; p: string; e: number };
  if (claims.e < Date.now() || claims.p !== request.url.split('?')[0]) throw refused;
  const [session] = await app.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, claims.s), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  if (!session) throw refused;
  return { userId: session.userId, sessionId: claims.s };
}
