import { afterAll, describe, expect, it } from 'vitest';
import { startLeave } from '../factories/flow-events';
import { liveTicket, openLiveBurst, type LiveBurst } from '../factories/live-burst';
import { drivers, useServer } from './support/server';

// Every phone of a company reconnects in the same second after a server restart or a network blip. The burst must be
// accepted (no 503) with the production admission queue in front of the embedded database, every stream must get
// its opening state, and a later event must reach every stream of the people it concerns and no one else's.
const BURST = 1_000;
const PEOPLE = ['zhangsan', 'lisi', 'wangwu', 'zhaoliu'] as const;
const MODULES = ['flow', 'mail', 'meeting', 'news', 'schedule'];

// The burst is proven on the embedded database, the one with the admission queue that refused it; PostgreSQL's burst
// is measured by bench/live-fanout.ts with the server in its own process. The `retry:` spread runs on both.
describe.each(drivers)('a reconnect burst of 1,000 live streams (%s)', (driver) => {
  // DB_ADMISSION on = what `npm start` runs (the bounded queue on PGlite; PostgreSQL has none without its limit). The
  // read deadline is longer than its default only so that the logins before the burst are not refused on a busy
  // machine: the queue's limits stay as they are, and the streams never had a deadline of their own to meet.
  const ctx = useServer(driver, { env: { DB_ADMISSION: 'on', DB_READ_DEADLINE_MS: '5000' } });
  let burst: LiveBurst | null = null;
  afterAll(() => burst?.close());

  it.runIf(driver === 'pglite')(
    'accepts every stream and gives each its opening state; an approval then reaches only its people',
    async () => {
      const base = ctx.server.baseUrl;
      const tickets = new Map<string, string>();
      for (const who of PEOPLE) tickets.set(who, await liveTicket(base, await ctx.uidOf(who)));
      const expected = new Map<string, number>();
      for (const who of PEOPLE)
        expected.set(who, (await (await ctx.as(who)).get<{ todo: number }>('/api/flow/counts')).body.data.todo);

      burst = openLiveBurst(
        base,
        Array.from({ length: BURST }, (_, i) => {
          const who = PEOPLE[i % PEOPLE.length]!;
          return { who, query: `ticket=${encodeURIComponent(tickets.get(who)!)}` };
        }),
      );
      const { streams } = burst;
      const opened = (s: (typeof streams)[number]) =>
        MODULES.every((module) => s.events.some((e) => e.module === module && e.kind === 'snapshot'));
      await expect
        .poll(() => streams.filter((s) => s.status !== 0 && (s.status !== 200 || opened(s))).length, {
          timeout: 150_000,
          interval: 200,
        })
        .toBe(BURST);
      expect(streams.filter((s) => s.status !== 200).map((s) => s.status)).toEqual([]);
      expect(streams.filter((s) => !opened(s)).length).toBe(0);
      for (const s of streams)
        expect(s.events.find((e) => e.module === 'flow')!.data.todo, s.who).toBe(expected.get(s.who));

      // zhangsan applies: his streams and his approver lisi's hear it with lisi's new count; wangwu and zhaoliu are
      // bystanders whose streams hear nothing
      await startLeave(base, await ctx.uidOf('zhangsan'));
      const changed = (s: (typeof streams)[number]) => s.events.filter((e) => e.kind === 'changed');
      const concerned = streams.filter((s) => s.who === 'zhangsan' || s.who === 'lisi');
      await expect
        .poll(() => concerned.filter((s) => changed(s).some((e) => e.module === 'flow')).length, { timeout: 60_000 })
        .toBe(concerned.length);
      for (const s of concerned.filter((c) => c.who === 'lisi'))
        expect(changed(s).find((e) => e.module === 'flow')!.data.todo).toBe(expected.get('lisi')! + 1);
      // a second application on the same channel marks the point by which a stray first one would have arrived
      await startLeave(base, await ctx.uidOf('zhangsan'));
      await expect
        .poll(() => concerned.filter((s) => changed(s).filter((e) => e.module === 'flow').length >= 2).length, {
          timeout: 60_000,
        })
        .toBe(concerned.length);
      const bystanders = streams.filter((s) => s.who === 'wangwu' || s.who === 'zhaoliu');
      expect(bystanders.flatMap(changed)).toEqual([]);
      expect(streams.every((s) => !s.ended)).toBe(true);
      burst.close();
    },
    300_000,
  );

  it('an application reaches every stream of its approver and none of a bystander’s', async () => {
    const base = ctx.server.baseUrl;
    const [lisi, wangwu] = await Promise.all(
      ['lisi', 'wangwu'].map(async (who) => liveTicket(base, await ctx.uidOf(who))),
    );
    const few = openLiveBurst(base, [
      ...Array.from({ length: 10 }, () => ({ who: 'lisi', query: `ticket=${encodeURIComponent(lisi!)}` })),
      ...Array.from({ length: 10 }, () => ({ who: 'wangwu', query: `ticket=${encodeURIComponent(wangwu!)}` })),
    ]);
    try {
      const snapshots = (s: (typeof few.streams)[number]) => s.events.filter((e) => e.kind === 'snapshot').length;
      await expect
        .poll(() => few.streams.every((s) => snapshots(s) === MODULES.length), { timeout: 30_000 })
        .toBe(true);
      // two applications: the second marks the point by which a stray first one would have reached a bystander
      await startLeave(base, await ctx.uidOf('zhangsan'));
      await startLeave(base, await ctx.uidOf('zhangsan'));
      const flowChanges = (s: (typeof few.streams)[number]) =>
        s.events.filter((e) => e.module === 'flow' && e.kind === 'changed').length;
      await expect
        .poll(() => few.streams.filter((s) => s.who === 'lisi').every((s) => flowChanges(s) === 2), { timeout: 30_000 })
        .toBe(true);
      const bystanders = few.streams.filter((s) => s.who === 'wangwu');
      expect(bystanders.flatMap((s) => s.events.filter((e) => e.kind === 'changed'))).toEqual([]);
    } finally {
      few.close();
    }
  }, 90_000);

  it('asks each stream to come back after its own delay, so a restart does not bring every phone at once', async () => {
    const ticket = await liveTicket(ctx.server.baseUrl, await ctx.uidOf('zhangsan'));
    const few = openLiveBurst(
      ctx.server.baseUrl,
      Array.from({ length: 20 }, () => ({ who: 'zhangsan', query: `ticket=${encodeURIComponent(ticket)}` })),
    );
    try {
      await expect.poll(() => few.streams.every((s) => s.retryMs !== null), { timeout: 30_000 }).toBe(true);
      const delays = few.streams.map((s) => s.retryMs!);
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(2_000);
      expect(Math.max(...delays)).toBeLessThanOrEqual(12_000);
      expect(new Set(delays).size).toBeGreaterThan(10);
    } finally {
      few.close();
    }
  }, 60_000);
});
