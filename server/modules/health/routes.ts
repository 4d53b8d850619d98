import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppError, ok } from '../../lib/app-error';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { migrationsFolder, toCount } from '../../db/client';
import { listenersDown } from '../../db/notify-listener';

// the session advisory lock a process holds while it migrates (server/db/client.ts); pg_locks lists the locks of
// every database on the server, so the check names this one
const MIGRATION_LOCK = ADVISORY_LOCKS.migration;
// a listener reconnects within a second or two after a lost connection; past this, live events no longer reach the
// clients of this process and the balancer should send them elsewhere
const LISTENER_GRACE_MS = 5000;

/** How many migrations this build carries: a database with fewer applied is not ready for this code. */
function migrationsOfThisBuild(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

/**
 * GET /api/health: answers when the database answers (CI and simple checks wait on it).
 * GET /api/health/ready: whether a load balancer should send this server traffic — not while it shuts down, not
 * while the database is unreachable, not while a process migrates the database or before this build's migrations
 * are applied, nor while its live-event listeners have been cut off for more than a few seconds.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const expectedMigrations = migrationsOfThisBuild();

  const databaseAnswers = async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, '数据库不可用');
    }
  };

  app.get('/api/health', async () => {
    await databaseAnswers();
    return ok({ status: 'ok', driver: app.driver, time: new Date().toISOString() });
  });

  app.get('/api/health/ready', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (app.lifecycle.draining) throw new AppError(503, '服务正在停止');
    await databaseAnswers();
    const [state] = rowsOf(
      await app.db.execute(sql`
        select (select count(*) from drizzle.__drizzle_migrations) as applied,
               exists(select 1 from pg_locks
                       where locktype = 'advisory' and classid = 0 and objid = ${MIGRATION_LOCK} and granted
                         and database = (select oid from pg_database where datname = current_database())) as migrating`),
    );
    if (state?.migrating === true) throw new AppError(503, '数据库正在迁移，请稍候');
    if (toCount(state?.applied) < expectedMigrations) throw new AppError(503, '数据库迁移尚未完成');
    if (listenersDown(app, LISTENER_GRACE_MS).length) throw new AppError(503, '实时消息连接正在恢复');
    return ok({ status: 'ready', driver: app.driver, migrations: expectedMigrations });
  });
}
