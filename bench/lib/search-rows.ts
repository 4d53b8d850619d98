import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

export interface FillOptions {
  /**
   * false: the filled rows get no row in the one search index, whose trigger makes the 拼音 keys in the database row
   * by row (100,000 flows took PGlite over ten minutes). For checks of a module's own list and keyword plans, which
   * read the rows' own grams.
   */
  searchRows?: boolean;
}

/** Runs a bulk fill of `table` with its search-index trigger off unless search rows are asked for, then analyzes. */
export async function fillWithSearchRows(
  db: Db,
  table: 'flow_instances' | 'mail_messages',
  { searchRows = true }: FillOptions,
  work: () => Promise<void>,
): Promise<void> {
  if (searchRows) return work();
  const trigger = (state: 'enable' | 'disable') => sql.raw(`alter table ${table} ${state} trigger ${table}_search`);
  await db.execute(trigger('disable'));
  try {
    await work();
  } finally {
    await db.execute(trigger('enable'));
  }
}
