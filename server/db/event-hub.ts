import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { listenChannel, type ChannelListener } from './notify-listener';

const EVERYONE = '*';
const RESYNC = Symbol('resync');
/** NOTIFY payloads are limited to 8000 bytes: big fan-outs (a circulated document, a mail to many) go in chunks */
const IDS_PER_NOTIFY = 150;

/** Tells live connections that something of a user changed, across every server process. */
export interface EventHub<C> {
  /** `null` = every connected user (e.g. a published article) */
  publish(userIds: string[] | null, change: C): Promise<void>;
  subscribe(userId: string, listener: (change: C) => void): () => void;
  /**
   * Called when this process's listener came back after a loss: changes made meanwhile were never heard, so whoever
   * is connected should refetch.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface EventHubOptions<C> {
  /** the PostgreSQL NOTIFY channel (one per module) */
  channel: string;
  /** reads a change back out of a notification's payload (anything else in it is ignored) */
  parse(payload: Record<string, unknown>): C;
}

/** A string field of a notification, or null. */
export const textField = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * On PostgreSQL every process LISTENs on the module's channel (a connection that reconnects, notify-listener.ts) and
 * a change is sent with pg_notify, so a user whose live connection sits on another process still hears of it. PGlite
 * is owned by one process: an in-process emitter is enough.
 */
export async function createEventHub<C extends object>(
  app: FastifyInstance,
  options: EventHubOptions<C>,
): Promise<EventHub<C>> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userIds: string[] | null, change: C) => {
    if (userIds === null) local.emit(EVERYONE, change);
    else for (const id of new Set(userIds)) local.emit(id, change);
  };
  let listener: ChannelListener | null = null;
  if (app.driver === 'pg' && app.config.databaseUrl) {
    let wasDown = false;
    listener = await listenChannel(app, options.channel, {
      message(raw) {
        try {
          const payload = JSON.parse(raw || '{}') as Record<string, unknown>;
          const ids = Array.isArray(payload.ids)
            ? payload.ids.filter((id): id is string => typeof id === 'string')
            : null;
          deliver(ids, options.parse(payload));
        } catch {
          app.log.warn({ channel: options.channel, payload: raw }, 'live event with a bad payload');
        }
      },
      reset() {
        // reset comes once when the connection goes and once when it is back; only the return is news to clients
        if (listener && !listener.live) wasDown = true;
        else if (wasDown) {
          wasDown = false;
          local.emit(RESYNC);
        }
      },
    });
  }
  return {
    async publish(userIds, change) {
      if (userIds !== null && userIds.length === 0) return;
      if (!listener) return deliver(userIds, change);
      const chunks =
        userIds === null
          ? [null]
          : Array.from({ length: Math.ceil(userIds.length / IDS_PER_NOTIFY) }, (_, i) =>
              userIds.slice(i * IDS_PER_NOTIFY, (i + 1) * IDS_PER_NOTIFY),
            );
      for (const ids of chunks)
        await app.db.execute(sql`select pg_notify(${options.channel}, ${JSON.stringify({ ...change, ids })})`);
    },
    subscribe(userId, fn) {
      local.on(userId, fn);
      local.on(EVERYONE, fn);
      return () => {
        local.off(userId, fn);
        local.off(EVERYONE, fn);
      };
    },
    onResync(fn) {
      local.on(RESYNC, fn);
      return () => local.off(RESYNC, fn);
    },
    async close() {
      local.removeAllListeners();
      await listener?.close();
    },
  };
}
