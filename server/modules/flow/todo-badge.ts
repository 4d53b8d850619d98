import type { SQL } from 'drizzle-orm';
import { pendingCount } from './list-sources';

/**
 * The home badge: the caller's 待办, the very expression GET /api/flow/counts answers as `todo` (one kept row), so the
 * tile and the hub never disagree. The hub's other ten counts are not the badge's to pay for on every home page.
 */
export function todoBadge(userId: string): SQL {
  return pendingCount(userId);
}
