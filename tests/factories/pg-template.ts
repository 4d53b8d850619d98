import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/index';
import { cheapenDemoPasswords } from './demo-passwords';
import { createKeyStore } from '../../server/modules/oauth/rsa-keys';
import { templateKey } from './pglite-template';

/** The PostgreSQL that pg-driver tests create their throw-away databases on. */
export const pgAdminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// any constant: every worker and process building the template takes the same advisory lock
const TEMPLATE_LOCK = 0x0a_70_6c;

const urlOf = (name: string) => {
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withAdmin<T>(work: (admin: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function buildTemplate(admin: import('pg').Client, name: string): Promise<void> {
  const building = `${name}_build`;
  await admin.query(`drop database if exists ${building} with (force)`); // a builder that died half-way
  await admin.query(`create database ${building}`);
  const database = await openDatabase(loadConfig({ DATABASE_URL: urlOf(building), DATA_DIR: os.tmpdir() }));
  try {
    await database.migrate();
    await seedDemo(database.db);
    await cheapenDemoPasswords(database.db);
    await createKeyStore(database.db).publicPem(); // the RSA key too: no keygen per test database
  } finally {
    await database.close();
  }
  // the rename is atomic: a template is either whole or absent
  await admin.query(`alter database ${building} rename to ${name}`);
}

let templateName: Promise<string> | null = null;

/**
 * The migrated and seeded database every pg-driver test clones, built once per source hash on this PostgreSQL:
 * migrating and seeding took ≈ 3.4 s a test file, a clone takes a fraction of that.
 */
function seededTemplate(): Promise<string> {
  templateName ??= (async () => {
    const name = `oa_tpl_${await templateKey()}`;
    await withAdmin(async (admin) => {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      try {
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!found.rowCount) await buildTemplate(admin, name);
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
      }
    });
    return name;
  })().catch((error: unknown) => {
    templateName = null;
    throw error;
  });
  return templateName;
}

/** A throw-away database cloned from the seeded template; drop() removes it. */
export async function createSeededPgDatabase(prefix = 'oa_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await seededTemplate();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name} template ${template}`));
  return {
    url: urlOf(name),
    drop: () => withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
