import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BADGE_KEYS } from '@contract/message';
import type { Principal } from '../../../server/modules/session/service';
import type { Db } from '../../../server/db/client';
import type { EventHub } from '../../../server/db/event-hub';
import { createBadgeRegistry } from '../../../server/modules/badges/registry';
import { createLiveRegistry } from '../../../server/modules/live/registry';
import { modules } from '../../../server/modules';

const hub: EventHub<object> = {
  publish: async () => undefined,
  subscribe: () => () => undefined,
  onResync: () => () => undefined,
  close: async () => undefined,
};
const source = (event: 'flow' | 'mail' | 'news') => ({ event, hub, idle: {}, state: async () => ({}) });

describe('the live registry holds to the manifests’ liveEvents', () => {
  it('refuses a source no manifest declares, and one added twice', () => {
    const live = createLiveRegistry(['flow', 'mail']);
    live.add(source('flow'));
    expect(() => live.add(source('news'))).toThrow('live events "news" are not declared in any module manifest');
    expect(() => live.add(source('flow'))).toThrow('registered twice');
    expect(live.sources().map((s) => s.event)).toEqual(['flow']);
  });

  it('names the declared modules whose routes never added a source', () => {
    const live = createLiveRegistry(['flow', 'mail']);
    expect(live.missing()).toEqual(['flow', 'mail']);
    live.add(source('mail'));
    expect(live.missing()).toEqual(['flow']);
  });
});

describe('the badge registry holds to the contract’s BADGE_KEYS', () => {
  const user = { id: 'u1' } as Principal;
  // stands in for the database: answers each selected column with the number its counter put in the expression
  const statements: string[][] = [];
  const db = {
    select: (columns: Record<string, SQL>) => ({
      from: async () => {
        statements.push(Object.keys(columns));
        const row = Object.fromEntries(
          Object.entries(columns).map(([key, expression]) => [
            key,
            String(expression.queryChunks.find((chunk) => typeof chunk === 'number')),
          ]),
        );
        return [row];
      },
    }),
  } as unknown as Db;

  it('answers every badge of the contract from its counter, in one statement, and names those without one', async () => {
    const badges = createBadgeRegistry();
    expect(badges.missing()).toEqual([...BADGE_KEYS]);
    BADGE_KEYS.forEach((key, i) => badges.register(key, (_db, who) => sql`${who.id === 'u1' ? i + 1 : -1}`));
    expect(badges.missing()).toEqual([]);
    expect(await badges.collect(db, user)).toEqual(Object.fromEntries(BADGE_KEYS.map((key, i) => [key, i + 1])));
    expect(statements).toEqual([[...BADGE_KEYS]]);
  });

  it('refuses a key outside the contract and a second counter for one key', () => {
    const badges = createBadgeRegistry();
    badges.register('mail', () => sql`0`);
    expect(() => badges.register('mail', () => sql`1`)).toThrow('badge "mail" registered twice');
    expect(() => badges.register('schedule' as never, () => sql`0`)).toThrow('badge "schedule" is not in BADGE_KEYS');
  });

  it('gets exactly one counter for each badge from the server’s module manifests', () => {
    const declared = modules.flatMap((module) => Object.keys(module.badges ?? {}));
    expect(declared.sort()).toEqual([...BADGE_KEYS].sort());
  });
});
