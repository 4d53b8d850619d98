import { BADGE_KEYS, type BadgeKey, type Badges } from '@contract/message';
import type { Db } from '../../db/client';
import { onOneConnection } from '../../db/one-connection';
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
    collect(db, user) {
      // one connection for every counter: a home page asks the pool once, not once per badge (under load each ask
      // waited behind the whole queue, issue 41); one after another on it, as pg@9 refuses several at once on a client
      return onOneConnection(db, async (conn) => {
        const badges = {} as Badges;
        for (const key of BADGE_KEYS) badges[key] = (await counters.get(key)?.(conn, user)) ?? 0;
        return badges;
      });
    },
  };
}
