import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { pendingCount } from './list-sources';

/**
 * The home badge: the caller's 待办, the very expression GET /api/flow/counts answers as `todo` (one kept row), so the
 * tile and the hub never disagree. The hub's other ten counts are not the badge's to pay for on every home page.
 */
export async function todoBadge(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: pendingCount(userId) }).from(sql`(select 1) as one`);
  return toCount(row?.n);
}
