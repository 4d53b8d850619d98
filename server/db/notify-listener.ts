import type { FastifyInstance } from 'fastify';

/** A LISTEN on one channel; `live` is false while the PostgreSQL listener is down (messages may be missed). */
export interface ChannelListener {
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  /** the connection was lost or re-established: whatever was learnt from the channel may be stale */
  reset(): void;
}

const RETRY_MS = 1000;

/**
 * LISTEN on a channel of the app's database. PostgreSQL: a dedicated connection that reconnects after a loss (and
 * says so through reset, as notifications sent meanwhile are gone). PGlite: its in-process listen, which delivers
 * a NOTIFY raised by a statement before that statement's promise settles.
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
    return { live: true, close: () => unlisten() };
  }
  const { default: pg } = await import('pg');
  let live = false;
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: app.config.databaseUrl ?? undefined });
    const lost = () => {
      if (client !== next) return;
      client = null;
      live = false;
      handlers.reset();
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), RETRY_MS);
    };
    next.on('error', (error) => {
      app.log.error(error, `${channel} listener failed`);
      lost();
    });
    next.on('end', lost);
    next.on('notification', (message) => handlers.message(message.payload ?? ''));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      app.log.error(error, `${channel} listener could not connect`);
      lost();
      return;
    }
    live = true;
    handlers.reset();
  };
  await connect();
  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      live = false;
      await current?.end().catch(() => undefined);
    },
  };
}
