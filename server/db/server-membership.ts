import type pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import { retryDelay } from './notify-listener';

/** What the database layer logs: a pino logger fits (the app's), and so does a console stand-in before it exists. */
export interface DbLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

// every live server holds this advisory lock shared on a connection of its own; getting it exclusively means no
// other server is alive (server/main.ts then releases what a dead process left half-done)
const SERVERS_LOCK = ADVISORY_LOCKS.liveServers;

/** This process's membership among the live servers of one PostgreSQL database. */
export interface ServerMembership {
  /** takes the shared lock, first telling whether this process is alone */
  join(): Promise<{ alone: boolean }>;
  /** whether the shared lock is held right now (it is re-taken after a lost connection) */
  readonly held: boolean;
  leave(): Promise<void>;
}

/**
 * Holds the servers' shared lock on a dedicated connection (not one of the pool's). A connection lost to a restart,
 * a failover or pg_terminate_backend would drop the lock with it: the membership logs it, connects again with backoff
 * and re-takes the lock, without ending the process.
 */
export function serverMembership(pgModule: typeof pg, url: string, log: () => DbLog): ServerMembership {
  let client: pg.Client | null = null;
  let held = false;
  let leaving = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  const schedule = (message: string, error?: unknown) => {
    if (leaving || retry) return;
    log().warn({ err: error }, message);
    retry = setTimeout(() => void retake(), retryDelay(attempt++));
  };
  const open = async (): Promise<pg.Client> => {
    const next = new pgModule.Client({ connectionString: url, application_name: 'oa-server-membership' });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      held = false;
      next.end().catch(() => undefined);
      schedule('server membership lost its database connection; taking the lock again', error);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    await next.connect();
    return next;
  };
  const retake = async (): Promise<void> => {
    retry = null;
    if (leaving) return;
    try {
      const next = await open();
      await next.query('select pg_advisory_lock_shared($1)', [SERVERS_LOCK]);
      if (client !== next) return;
      held = true;
      attempt = 0;
      log().info({}, 'server membership: lock taken again');
    } catch (error) {
      const failed = client;
      if (failed) {
        client = null;
        failed.end().catch(() => undefined);
      }
      schedule('server membership: database unreachable; retrying', error);
    }
  };
  return {
    async join() {
      const first = await open();
      const { rows } = await first.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [SERVERS_LOCK]);
      const alone = rows[0]?.ok === true;
      if (alone) await first.query('select pg_advisory_unlock($1)', [SERVERS_LOCK]);
      await first.query('select pg_advisory_lock_shared($1)', [SERVERS_LOCK]);
      held = true;
      return { alone };
    },
    get held() {
      return held;
    },
    async leave() {
      leaving = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      held = false;
      await current?.end().catch(() => undefined);
    },
  };
}
