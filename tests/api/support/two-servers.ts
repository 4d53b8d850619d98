import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase, type Database } from '../../../server/db/client';
import { startTestServer, type TestServer } from '../../factories/test-server';

/** A second server process's stand-in: its own app and connection pool on the first one's PostgreSQL database. */
export interface SecondServer {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
}

/**
 * Two servers on one PostgreSQL database for the surrounding describe block: what one server caches, counts or
 * announces must hold on the other (sessions, rate limits, idempotency keys, LISTEN/NOTIFY).
 */
export function useTwoServers(): { first: TestServer; second: SecondServer } {
  const pair = {} as { first: TestServer; second: SecondServer };
  beforeAll(async () => {
    pair.first = await startTestServer({ driver: 'pg' });
    const database = await openDatabase(pair.first.config);
    const app = await buildApp({ config: pair.first.config, database, logger: false });
    pair.second = { app, database, baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await pair.second?.app.close();
    await pair.second?.database.close();
    await pair.first?.close();
  });
  return pair;
}
