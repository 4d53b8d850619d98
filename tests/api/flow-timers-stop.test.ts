import os from 'node:os';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { createSeededPgDatabase } from '../factories/pg-template';

const seeded = await createSeededPgDatabase();
afterAll(() => seeded.drop());

// a round of the flow timers that is still running when the server is asked to stop: the stop must end with the round,
// not one poll later (10 s by default, here an hour: a shutdown that waited for it would outlast the test)
describe('stopping the server during a round of the flow timers', () => {
  it('closes once the round ends, without waiting for the next poll', async () => {
    const config = loadConfig({
      DATABASE_URL: seeded.url,
      DATA_DIR: os.tmpdir(),
      LOG_LEVEL: 'silent',
      FLOW_TIMER_POLL_MS: String(3_600_000),
    });
    // the round's claim (FOR UPDATE) waits behind this lock until the test lets it go
    const holder = new pg.Client({ connectionString: seeded.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table flow_task_timers in access exclusive mode');
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const waiting = async () =>
      (
        await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where relation = 'flow_task_timers'::regclass and not granted`,
        )
      ).rows[0]!.n;
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);

    const closed = app.close();
    await holder.query('commit');
    await holder.end();
    await closed;
    await database.close();
  });
});
