import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

const CHANNEL = 'news_events';
const EVERYONE = '*';

/** What changed: the article and the Idempotency-Key of the write (so its own client ignores the echo). */
export interface NewsChange {
  articleId: string | null;
  origin: string | null;
}

/** Tells live connections that news counts changed: for some users, or (null) for every reader (a publication). */
export interface NewsEventHub {
  publish(userIds: string[] | null, change: NewsChange): Promise<void>;
  subscribe(userId: string, listener: (change: NewsChange) => void): () => void;
  close(): Promise<void>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Like the 审批 hub: pg_notify across processes on PostgreSQL, an in-process emitter on PGlite. */
export async function createNewsEventHub(app: FastifyInstance): Promise<NewsEventHub> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userIds: string[] | null, change: NewsChange) => {
    if (userIds === null) local.emit(EVERYONE, change);
    else for (const id of new Set(userIds)) local.emit(id, change);
  };
  let listener: { end(): Promise<void> } | null = null;
  if (app.driver === 'pg' && app.config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: app.config.databaseUrl });
    await client.connect();
    client.on('notification', (message) => {
      try {
        const payload = JSON.parse(message.payload ?? '{}') as { ids?: unknown; articleId?: unknown; origin?: unknown };
        const ids = Array.isArray(payload.ids) ? payload.ids.filter((id): id is string => typeof id === 'string') : null;
        deliver(ids, { articleId: text(payload.articleId), origin: text(payload.origin) });
      } catch {
        app.log.warn({ payload: message.payload }, 'news event with a bad payload');
      }
    });
    client.on('error', (error) => app.log.error(error, 'news event listener failed'));
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  return {
    async publish(userIds, change) {
      if (userIds !== null && userIds.length === 0) return;
      if (!listener) return deliver(userIds, change);
      const chunks = userIds === null ? [null] : Array.from({ length: Math.ceil(userIds.length / 150) }, (_, i) => userIds.slice(i * 150, i * 150 + 150));
      for (const ids of chunks) await app.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ ids, ...change })})`);
    },
    subscribe(userId, fn) {
      local.on(userId, fn);
      local.on(EVERYONE, fn);
      return () => {
        local.off(userId, fn);
        local.off(EVERYONE, fn);
      };
    },
    async close() {
      local.removeAllListeners();
      await listener?.end();
    },
  };
}
