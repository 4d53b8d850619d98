import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { createSeededPgDatabase } from './pg-template';
import { pgliteTemplate } from './pglite-template';

export { api, type ApiResult } from './api-client';

/** Options of startTestServer. */
export interface TestServerOptions {
  driver: 'pglite' | 'pg';
  /** serve a built client (e.g. 'dist'); without it no static files are served */
  staticDir?: string;
  /** extra environment for loadConfig (e.g. THIRDPARTY_JWT_SECRET) */
  env?: Record<string, string>;
  /**
   * PGlite under DATA_DIR/pgdata, as `npm start` runs it, instead of in memory. In memory is the default: on disk, the
   * file system calls of PGlite's NodeFS (an open() per page access) were a fifth of the API suite's CPU. The disk is
   * still proven by the server processes of the crash, restart and shutdown tests and by the embedded journeys.
   */
  pgliteOnDisk?: boolean;
}

/** A running test server; close() stops it and deletes its database and data dir. */
export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  config: ServerConfig;
  /** the open database, for tests that must arrange state directly (expire a session, disable a user) */
  database: Database;
  close(): Promise<void>;
}

export { pgAdminUrl } from './pg-template';

/** Starts the real server on 127.0.0.1 (random port) on a fresh, seeded database of the given driver. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-test-'));
  const pgDb = options.driver === 'pg' ? await createSeededPgDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: options.staticDir ? path.resolve(options.staticDir) : path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'silent',
    // suites fire bursts on purpose to test limits; tests/api/admission.test.ts turns the queue on
    DB_ADMISSION: 'off',
    // suites that send several channels expect them all at once; tests/api/reach-escalation.test.ts sets a ladder
    REMINDER_ESCALATE_SECONDS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  const database = await openDatabase(
    config,
    pgDb ? {} : { loadDataDir: await pgliteTemplate(), inMemory: !options.pgliteOnDisk },
  );
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    config,
    database,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
      if (pgDb) await pgDb.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** RSA-OAEP(SHA-256) of a password with the server's public key, base64: what the login page sends. */
export function encryptPassword(publicPem: string, password: string): string {
  return publicEncrypt(
    { key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

/** Logs in through the real RSA round trip (publicKey → encrypt → POST /api/oauth/login) and returns the uid. */
export async function loginAs(baseUrl: string, username: string, password: string): Promise<string> {
  const keyAnswer = (await (await fetch(`${baseUrl}/api/oauth/publicKey`)).json()) as { data: string };
  const response = await fetch(`${baseUrl}/api/oauth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', tenantId: '000000', clientType: '2' },
    body: JSON.stringify({ username, password: encryptPassword(keyAnswer.data, password) }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: string };
  if (body.code !== 200) throw new Error(`login as ${username} failed: ${response.status} ${body.msg}`);
  return body.data;
}
