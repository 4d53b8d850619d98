import type { FastifyInstance } from 'fastify';

/** A LISTEN on one channel; `live` is false while the PostgreSQL listener is down (messages may be missed). */
export interface ChannelListener {
  readonly channel: string;
  readonly live: boolean;
  /** since when (Date.now()) the listener has been down, or null while live */
  readonly downSince: number | null;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  /** the connection was lost or re-established: whatever was learnt from the channel may be stale */
  reset(): void;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

// every listener of an app, so readiness can tell whether live events still reach this process
const listenersOfApp = new WeakMap<object, Set<ChannelListener>>();

/** The channels whose listener has been down for longer than `graceMs` (reconnecting takes a moment). */
export function listenersDown(app: FastifyInstance, graceMs: number, now = Date.now()): string[] {
  return [...(listenersOfApp.get(app.db) ?? [])]
    .filter((listener) => listener.downSince !== null && now - listener.downSince > graceMs)
    .map((listener) => listener.channel);
}

/** Full jitter: after a database restart every process (and every channel of it) must not come back in step. */
export function retryDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(FIRST_RETRY_MS / 2 + random() * (ceiling - FIRST_RETRY_MS / 2));
}

/**
 * LISTEN on a channel of the app's database. PostgreSQL: a dedicated connection that reconnects with backoff after a
 * loss (a restart, a failover, pg_terminate_backend, a proxy dropping idle connections) and says so through reset, as
 * notifications sent meanwhile are gone. PGlite: its in-process listen, which delivers a NOTIFY raised by a statement
 * before that statement's promise settles.
 */
export async function listenChannel(
  app: FastifyInstance,
  channel: string,
  handlers: ListenHandlers,
): Promise<ChannelListener> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  if (app.driver === 'pglite') {
    const client = (
      app.db as unknown as { $client: { listen(c: string, fn: (p: string) => void): Promise<() => Promise<void>> } }
    ).$client;
    const unlisten = await client.listen(channel, handlers.message);
    return { channel, live: true, downSince: null, close: () => unlisten() };
  }
  const { default: pg } = await import('pg');
  let downSince: number | null = Date.now();
  let closed = false;
  let attempt = 0;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    retry = null;
    if (closed) return;
    const next = new pg.Client({ connectionString: app.config.databaseUrl ?? undefined });
    const lost = () => {
      if (client !== next) return;
      client = null;
      downSince ??= Date.now();
      handlers.reset();
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), retryDelay(attempt++));
    };
    next.on('error', (error) => {
      app.log.warn({ err: error, channel }, 'live listener lost its database connection; reconnecting');
      lost();
    });
    next.on('end', lost);
    next.on('notification', (message) => handlers.message(message.payload ?? ''));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      app.log.warn({ err: error, channel }, 'live listener could not connect; retrying');
      lost();
      return;
    }
    if (closed || client !== next) return;
    if (attempt > 0) app.log.info({ channel }, 'live listener reconnected');
    attempt = 0;
    downSince = null;
    handlers.reset();
  };
  const listener: ChannelListener = {
    channel,
    get live() {
      return downSince === null;
    },
    get downSince() {
      return downSince;
    },
    async close() {
      closed = true;
      listenersOfApp.get(app.db)?.delete(listener);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      downSince ??= Date.now();
      await current?.end().catch(() => undefined);
    },
  };
  let registered = listenersOfApp.get(app.db);
  if (!registered) listenersOfApp.set(app.db, (registered = new Set()));
  registered.add(listener);
  await connect();
  return listener;
}
