import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

const CHANNEL = 'mail_events';

/** What changed: the mail and the request that caused it (its Idempotency-Key, so its own client ignores the echo). */
export interface MailChange {
  messageId: string | null;
  origin: string | null;
}

export interface MailEventHub {
  publish(userIds: string[], change: MailChange): Promise<void>;
  subscribe(userId: string, listener: (change: MailChange) => void): () => void;
  close(): Promise<void>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Tells live connections that a user's mailbox changed, across every server process: on PostgreSQL through
 * LISTEN/NOTIFY (the shape of the flow hub, server/modules/flow/events.ts), on PGlite (one process) in memory.
 */
export async function createMailEventHub(app: FastifyInstance): Promise<MailEventHub> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userIds: string[], change: MailChange) => {
    for (const id of new Set(userIds)) local.emit(id, change);
  };
  let listener: { end(): Promise<void> } | null = null;
  if (app.driver === 'pg' && app.config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: app.config.databaseUrl });
    await client.connect();
    client.on('notification', (message) => {
      try {
        const payload = JSON.parse(message.payload ?? '{}') as { ids?: unknown; messageId?: unknown; origin?: unknown };
        if (!Array.isArray(payload.ids)) return;
        deliver(payload.ids.filter((id): id is string => typeof id === 'string'), { messageId: text(payload.messageId), origin: text(payload.origin) });
      } catch {
        app.log.warn({ payload: message.payload }, 'mail event with a bad payload');
      }
    });
    client.on('error', (error) => app.log.error(error, 'mail event listener failed'));
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  return {
    async publish(userIds, change) {
      if (!userIds.length) return;
      if (!listener) return deliver(userIds, change);
      // NOTIFY payloads are limited to 8000 bytes: a mail to many goes out in chunks
      for (let i = 0; i < userIds.length; i += 150) {
        await app.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ ids: userIds.slice(i, i + 150), ...change })})`);
      }
    },
    subscribe(userId, fn) {
      local.on(userId, fn);
      return () => local.off(userId, fn);
    },
    async close() {
      local.removeAllListeners();
      await listener?.end();
    },
  };
}

const HEARTBEAT_MS = 25_000;

/** GET /api/mail/events: server-sent `mail` events (MailLiveEvent) with the caller's counts whenever their mailbox changes. */
export function registerMailEventRoute(app: FastifyInstance, hub: MailEventHub, counts: (userId: string) => Promise<import('@contract/mail').MailCounts>): void {
  app.get('/api/mail/events', { preHandler: [app.authenticate], config: { allowQueryUid: true } }, async (request, reply) => {
    const userId = request.user!.id;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    let closed = false;
    let sending = Promise.resolve();
    const send = (kind: 'snapshot' | 'changed', change: MailChange) => {
      // counts are read after the change committed; sends are chained so they arrive in order
      sending = sending.then(async () => {
        if (closed) return;
        const now = await counts(userId).catch(() => null);
        if (!now || closed) return;
        raw.write(`event: mail\ndata: ${JSON.stringify({ module: 'mail', kind, ...change, ...now })}\n\n`);
      });
    };
    const unsubscribe = hub.subscribe(userId, (change) => send('changed', change));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    raw.write('retry: 5000\n\n');
    send('snapshot', { messageId: null, origin: null });
    request.raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
