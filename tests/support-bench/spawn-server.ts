import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { createSeededPgDatabase as createTemplateClone } from '../factories/pg-template';
import { pgliteTemplate } from '../factories/pglite-template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A real server process (server/main.ts, see nodeArgsFor): one process, so kill -9 really kills the server. */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** SIGKILL, then wait for the exit */
  kill9(): Promise<void>;
  /** SIGTERM (graceful), then wait for the exit */
  stop(): Promise<void>;
  output(): string;
}

/**
 * How to run a TypeScript entry (server/main.ts, scripts/org-import.ts) as its own process: from the bundle the api
 * project builds once (tests/api/support/server-bundle.ts), elsewhere (benchmarks) through tsx.
 */
export async function nodeArgsFor(entry: 'server/main.ts' | 'scripts/org-import.ts'): Promise<string[]> {
  const bundle = process.env.VITEST ? (await import('vitest')).inject('serverBundle') : undefined;
  if (!bundle) return ['--import', 'tsx', entry];
  return ['--enable-source-maps', path.join(bundle, `${path.basename(entry, '.ts')}.mjs`)];
}

/** Starts the server with the given environment and waits until /api/health answers 200. */
export async function spawnServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, await nodeArgsFor('server/main.ts'), {
    cwd: root,
    // bursts in crash and scale-out tests are about durability, not load: the 503 queue stays off unless asked for
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      STATIC_DIR: path.join(os.tmpdir(), 'oa-no-client'),
      DB_ADMISSION: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-8000)));
  child.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-8000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start:\n${log}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { baseUrl, child, kill9: () => signal('SIGKILL'), stop: () => signal('SIGTERM'), output: () => log };
}

/** A throw-away PostgreSQL database, migrated and seeded (a clone of the test template); drop() removes it. */
export const createSeededPgDatabase = (prefix = 'oa_proc') => createTemplateClone(prefix);

/** A temp DATA_DIR whose pgdata is the migrated + seeded test template, so the server starts warm (no seeding). */
export async function createSeededDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-proc-'));
  const pgdata = path.join(dataDir, 'pgdata');
  await fs.mkdir(pgdata, { recursive: true });
  const tarball = path.join(dataDir, 'template.tar');
  await fs.writeFile(tarball, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
  await promisify(execFile)('tar', ['xf', tarball, '-C', pgdata]);
  await fs.rm(tarball);
  return dataDir;
}

/** Opens the database a (stopped) server process used, for direct checks. */
export function openServerDatabase(env: { DATABASE_URL?: string; DATA_DIR?: string }): Promise<Database> {
  return openDatabase(
    loadConfig({
      DATA_DIR: env.DATA_DIR ?? os.tmpdir(),
      ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    }),
  );
}
