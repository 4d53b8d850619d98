import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/index';
import { cheapenDemoPasswords } from './demo-passwords';
import { createKeyStore } from '../../server/modules/oauth/rsa-keys';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// everything that shapes the template's content: change any of it and a new template is built
// (the seed drives the modules' own services, so any server file may shape it)
const keyedSources = [
  migrationsFolder,
  path.join(root, 'server'),
  path.join(root, 'contract'),
  path.dirname(fileURLToPath(import.meta.url)),
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** A hash of the PGlite version and every source that shapes the seeded template (shared by the pg template). */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pkg = JSON.parse(
    await fs.readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pkg.version);
  for (const dir of keyedSources) {
    for (const file of await filesUnder(dir)) hash.update(path.relative(root, file)).update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(target: string): Promise<void> {
  const database = await openDatabase(loadConfig({ DATA_DIR: os.tmpdir() }), { inMemory: true });
  try {
    await database.migrate();
    await seedDemo(database.db);
    await cheapenDemoPasswords(database.db);
    await createKeyStore(database.db).publicPem(); // the RSA key is part of the template: no keygen per test server
    // Each test server's PGlite zeroes its shared buffers when it starts: at the default 128 MB that was 0.7 s of CPU
    // of the 1.7 s a start costs, for every PGlite server of the suite. A test database holds a few MB; 16 MB of
    // buffers keep it all, and what runs on it is the same SQL on the same PostgreSQL.
    await database.db.execute(sql.raw("ALTER SYSTEM SET shared_buffers = '16MB'"));
    const blob = await database.dump!();
    const tmp = `${target}.${process.pid}.tmp`;
    await fs.writeFile(tmp, Buffer.from(await blob.arrayBuffer()));
    await fs.rename(tmp, target); // atomic: readers never see half a template
  } finally {
    await database.close();
  }
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

let cached: Promise<Blob> | null = null;

/** The migrated + seeded PGlite data dir as a tar, built once per machine (os.tmpdir()) and per source hash. */
export function pgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = path.join(os.tmpdir(), `oa-mobile-pglite-template-${await templateKey()}.tar.gz`);
    const lock = `${file}.lock`;
    // test files run in parallel workers: one builds, the others wait for the file to appear
    while (!(await exists(file))) {
      try {
        await fs.mkdir(lock);
      } catch {
        const stat = await fs.stat(lock).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > 120_000) await fs.rm(lock, { recursive: true, force: true }); // builder died
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      try {
        if (!(await exists(file))) await buildTemplate(file);
      } finally {
        await fs.rm(lock, { recursive: true, force: true });
      }
    }
    // unpacked once here: gunzipping 45 MB again was a third of the CPU each PGlite test server spent starting
    return new Blob([gunzipSync(await fs.readFile(file))]);
  })().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
