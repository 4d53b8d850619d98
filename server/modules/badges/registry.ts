import { BADGE_KEYS, type BadgeKey, type Badges } from '@contract/message';
import type { Db } from '../../db/client';
import type { Principal } from '../session/service';

/** Counts one badge for one user. */
export type BadgeCounter = (db: Db, user: Principal) => Promise<number>;

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
      const badges = {} as Badges;
      // sequential on purpose: PGlite runs one query at a time anyway, and pg gets no burst per home-page load
      for (const key of BADGE_KEYS) badges[key] = (await counters.get(key)?.(db, user)) ?? 0;
      return badges;
    },
  };
}
