import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One key for every server on the database: LibreOffice is heavy, so the whole site converts one file at a time. */
const CONVERSION_LOCK = sql`hashtext('oa-preview-conversion')`;

/**
 * Runs conversions one at a time: in order within this process, and on PostgreSQL also across processes (an advisory
 * lock held for the conversion by a transaction that does nothing else). PGlite is one process, so the in-process
 * queue is all there is (and a transaction there would stall every other statement meanwhile).
 */
export function createConversionQueue(db: Db, driver: 'pglite' | 'pg') {
  let tail: Promise<unknown> = Promise.resolve();
  const acrossProcesses = <T>(task: () => Promise<T>): Promise<T> =>
    driver === 'pg'
      ? db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${CONVERSION_LOCK})`);
          return task();
        })
      : task();
  return function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(() => acrossProcesses(task));
    tail = run.catch(() => undefined); // a failed conversion must not block the next one
    return run;
  };
}
