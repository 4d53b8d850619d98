import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

const CHANNEL = 'flow_events';

/** Tells live connections that a user's flow lists or counts changed, across every server process. */
export interface FlowEventHub {
  publish(userIds: string[]): Promise<void>;
  subscribe(userId: string, listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * On PostgreSQL every process LISTENs on one channel and a change is sent with pg_notify, so a user whose live
 * connection sits on another process still hears of it. PGlite is owned by one process: an in-process emitter is enough.
 */
export async function createFlowEventHub(app: FastifyInstance): Promise<FlowEventHub> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userIds: string[]) => {
    for (const id of new Set(userIds)) local.emit(id);
  };
  let listener: { end(): Promise<void> } | null = null;
  if (app.driver === 'pg' && app.config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: app.config.databaseUrl });
    await client.connect();
    client.on('notification', (message) => {
      try {
        const ids = JSON.parse(message.payload ?? '[]') as unknown;
        if (Array.isArray(ids)) deliver(ids.filter((id): id is string => typeof id === 'string'));
      } catch {
        app.log.warn({ payload: message.payload }, 'flow event with a bad payload');
      }
    });
    client.on('error', (error) => app.log.error(error, 'flow event listener failed'));
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  return {
    async publish(userIds) {
      if (userIds.length === 0) return;
      if (!listener) return deliver(userIds);
      // NOTIFY payloads are limited to 8000 bytes: send big fan-outs (a circulated document) in chunks
      for (let i = 0; i < userIds.length; i += 150) {
        await app.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(userIds.slice(i, i + 150))})`);
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
