import { sql, type SQL } from 'drizzle-orm';
import { BADGE_KEYS, type BadgeKey, type Badges } from '@contract/message';
import { toCount, type Db } from '../../db/client';
import type { Principal } from '../session/service';

/** One badge for one user, as a scalar SQL expression (a count): every badge of a home page is one statement. */
export type BadgeCounter = (db: Db, user: Principal) => SQL;

/** Badge counters by module, registered at start-up from the module manifests. */
export interface BadgeRegistry {
  /** a module (flow, mail, …) registers the counter behind its home-page badge; a second counter for a key is a bug */
  register(key: BadgeKey, counter: BadgeCounter): void;
  /** the contract's badges no manifest registered a counter for (the server refuses to start while there are any) */
  missing(): BadgeKey[];
  /** every badge for a user */
  collect(db: Db, user: Principal): Promise<Badges>;
}

/** Creates the per-app badge registry (one per Fastify instance, so tests never share counters). */
export function createBadgeRegistry(): BadgeRegistry {
  const counters = new Map<BadgeKey, BadgeCounter>();
  return {
    register(key, counter) {
      if (!BADGE_KEYS.includes(key)) throw new Error(`badge "${key}" is not in BADGE_KEYS (contract/message.ts)`);
      if (counters.has(key)) throw new Error(`badge "${key}" registered twice`);
      counters.set(key, counter);
    },
    missing: () => BADGE_KEYS.filter((key) => !counters.has(key)),
    async collect(db, user) {
      // one statement for every badge: a home page asks the pool once and waits for one round trip, not one per
      // module (under load each ask waited behind the whole queue, issue 41)
      const columns = Object.fromEntries(
        BADGE_KEYS.map((key) => [key, counters.get(key)?.(db, user) ?? sql`0`]),
      ) as Record<BadgeKey, SQL>;
      const [row] = await db.select(columns).from(sql`(select 1) as one`);
      const badges = {} as Badges;
      for (const key of BADGE_KEYS) badges[key] = toCount(row?.[key]);
      return badges;
    },
  };
}
