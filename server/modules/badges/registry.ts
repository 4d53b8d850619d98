import type { Badges } from '@contract/message';
import type { Db } from '../../db/client';
import type { Principal } from '../session/service';

/** Counts one badge for one user. */
export type BadgeCounter = (db: Db, user: Principal) => Promise<number>;

/** Badge counters by module, registered at start-up. */
export interface BadgeRegistry {
  /** a module (flow, mail, …) registers the counter behind its home-page badge */
  register(key: keyof Badges, counter: BadgeCounter): void;
  /** every badge for a user; modules without a counter yet answer 0 */
  collect(db: Db, user: Principal): Promise<Badges>;
}

/** Creates the per-app badge registry (one per Fastify instance, so tests never share counters). */
export function createBadgeRegistry(): BadgeRegistry {
  const counters = new Map<keyof Badges, BadgeCounter>();
  return {
    register(key, counter) {
      counters.set(key, counter);
    },
    async collect(db, user) {
      const badges: Badges = { flow: 0, news: 0, mail: 0, meeting: 0, schedule: 0, message: 0 };
      // sequential on purpose: PGlite runs one query at a time anyway, and pg gets no burst per home-page load
      for (const [key, counter] of counters) badges[key] = await counter(db, user);
      return badges;
    },
  };
}
