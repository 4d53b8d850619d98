import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

const CHANNEL = 'flow_events';

/** What changed, as the live event tells it (contract/live-events.ts): the instance and the request that caused it. */
export interface FlowChange {
  instanceId: string | null;
  /** the Idempotency-Key of the write, so its own client can ignore the echo */
  origin: string | null;
}

/** Tells live connections that a user's flow lists or counts changed, across every server process. */
export interface FlowEventHub {
  publish(userIds: string[], change: FlowChange): Promise<void>;
  subscribe(userId: string, listener: (change: FlowChange) => void): () => void;
  close(): Promise<void>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * On PostgreSQL every process LISTENs on one channel and a change is sent with pg_notify, so a user whose live
 * connection sits on another process still hears of it. PGlite is owned by one process: an in-process emitter is enough.
 */
export async function createFlowEventHub(app: FastifyInstance): Promise<FlowEventHub> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userIds: string[], change: FlowChange) => {
    for (const id of new Set(userIds)) local.emit(id, change);
  };
  let listener: { end(): Promise<void> } | null = null;
  if (app.driver === 'pg' && app.config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: app.config.databaseUrl });
    await client.connect();
    client.on('notification', (message) => {
      try {
        const payload = JSON.parse(message.payload ?? '{}') as { ids?: unknown; instanceId?: unknown; origin?: unknown };
        if (!Array.isArray(payload.ids)) return;
        const ids = payload.ids.filter((id): id is string => typeof id === 'string');
        deliver(ids, { instanceId: text(payload.instanceId), origin: text(payload.origin) });
      } catch {
        app.log.warn({ payload: message.payload }, 'flow event with a bad payload');
      }
    });
    client.on('error', (error) => app.log.error(error, 'flow event listener failed'));
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  return {
    async publish(userIds, change) {
      if (userIds.length === 0) return;
      if (!listener) return deliver(userIds, change);
      // NOTIFY payloads are limited to 8000 bytes: send big fan-outs (a circulated document) in chunks
      for (let i = 0; i < userIds.length; i += 150) {
        const payload = JSON.stringify({ ids: userIds.slice(i, i + 150), ...change });
        await app.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
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
