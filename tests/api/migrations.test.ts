import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import * as schema from '../../server/db/schema';
import { migrationsFolder } from '../../server/db/client';
import { startTestServer, type TestServer } from '../factories/test-server';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
const snapshotOf = (idx: number) =>
  path.join(migrationsFolder, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);

describe('migration chain', () => {
  it('has a snapshot for every migration, each pointing at the one before', () => {
    let prevId = '00000000-0000-0000-0000-000000000000';
    for (const entry of journal.entries) {
      expect(fs.existsSync(snapshotOf(entry.idx)), `${entry.tag} has no snapshot`).toBe(true);
      const snapshot = JSON.parse(fs.readFileSync(snapshotOf(entry.idx), 'utf8')) as { id: string; prevId: string };
      expect(snapshot.prevId, entry.tag).toBe(prevId);
      prevId = snapshot.id;
    }
  });

  it('journal times only grow, so the migrator never skips a newer migration', () => {
    const times = journal.entries.map((entry) => entry.when);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times.at(-1)!).toBeLessThan(Date.now());
  });

  it('drizzle-kit generate on the unchanged schema writes no SQL', async () => {
    const last = journal.entries.at(-1)!;
    const previous = JSON.parse(fs.readFileSync(snapshotOf(last.idx), 'utf8'));
    const current = generateDrizzleJson(schema as Record<string, unknown>, previous.id);
    expect(await generateMigration(previous, current)).toEqual([]);
  });
});

describe.each(['pglite', 'pg'] as const)('migrations applied on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server?.close());

  it('leaves the flow foreign keys under the names the snapshot gives them', async () => {
    const result = await server.database.db.execute(
      sql`select conname from pg_constraint where contype = 'f' and conrelid::regclass::text like 'flow_%' order by 1`,
    );
    const rows = ((result as { rows?: unknown[] }).rows ?? result) as { conname: string }[];
    const snapshot = JSON.parse(fs.readFileSync(snapshotOf(journal.entries.at(-1)!.idx), 'utf8')) as {
      tables: Record<string, { name: string; foreignKeys: Record<string, { name: string }> }>;
    };
    const expected = Object.values(snapshot.tables)
      .filter((table) => table.name.startsWith('flow_'))
      .flatMap((table) => Object.values(table.foreignKeys).map((fk) => fk.name))
      .sort();
    expect(rows.map((row) => row.conname)).toEqual(expected);
  });
});
