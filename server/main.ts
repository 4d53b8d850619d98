// Production entry: config → database (migrate, seed an empty embedded one) → app → listen.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isSeeded, seedDemo } from './db/seed/index';
import { buildApp } from './app';
import { releaseDeadClaims } from './plugins/idempotency';
import { sweepTemps } from './modules/files/storage';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  await database.migrate();
  // claims of a killed process would answer 409 请求正在处理中 to the client's retries until they go stale
  const { alone } = await database.joinServers();
  if (alone) await releaseDeadClaims(database.db);
  // temp files of uploads cut by a crash are never committed: nothing else would ever remove them
  await sweepTemps(config.dataDir, { all: alone });
  // a real PostgreSQL is never seeded implicitly: that is `npm run seed`
  const seeded = database.driver === 'pglite' && !(await isSeeded(database.db)) && (await seedDemo(database.db));
  const app = await buildApp({ config, database });
  await app.rsaKeys.publicPem(); // create the login key now, not on the first visitor's request

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // close(): readiness fails and event streams end (plugins/lifecycle.ts), the port stops accepting, in-flight
    // requests finish, then the delivery worker stops claiming; the pool closes last
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown: in-flight requests did not finish in time');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `协同办公系统 listening on http://${shownHost}:${config.port} (database: ${database.driver}${seeded ? ', demo data seeded' : ''})`,
  );
  if (database.driver === 'pglite') {
    app.log.info(
      'demo accounts: admin/admin123 (系统管理员), zhangsan/123456 (张三), lisi/123456 (李四, 张三的部门负责人), wangwu/123456 (王五)',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
