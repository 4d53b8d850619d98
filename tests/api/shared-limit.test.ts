import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  clearSharedLimit,
  giveBackSharedHit,
  hitSharedLimit,
  holdSharedSlot,
  peekSharedLimit,
} from '../../server/plugins/shared-limit';
import { drivers, useServer } from './support/server';
import { useTwoServers } from './support/two-servers';

describe.each(drivers)('limits shared through the database on %s', (driver) => {
  const ctx = useServer(driver);
  const db = () => ctx.server.database.db;

  it('allows the limit within the window, then refuses with the wait until the oldest hit leaves it', async () => {
    const subject = randomUUID();
    for (let i = 0; i < 3; i++)
      expect(await hitSharedLimit(db(), { scope: 'test', limit: 3, windowSeconds: 60 }, subject)).toEqual({ ok: true });
    const refused = await hitSharedLimit(db(), { scope: 'test', limit: 3, windowSeconds: 60 }, subject);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(65);
    // another subject and another scope have their own counts
    expect(await hitSharedLimit(db(), { scope: 'test', limit: 3, windowSeconds: 60 }, randomUUID())).toEqual({
      ok: true,
    });
    expect(await hitSharedLimit(db(), { scope: 'other', limit: 3, windowSeconds: 60 }, subject)).toEqual({ ok: true });
  });

  it('frees the window once it has passed', async () => {
    const subject = randomUUID();
    expect((await hitSharedLimit(db(), { scope: 'short', limit: 1, windowSeconds: 2 }, subject)).ok).toBe(true);
    expect((await hitSharedLimit(db(), { scope: 'short', limit: 1, windowSeconds: 2 }, subject)).ok).toBe(false);
    await expect
      .poll(async () => (await hitSharedLimit(db(), { scope: 'short', limit: 1, windowSeconds: 2 }, subject)).ok, {
        timeout: 10_000,
        interval: 500,
      })
      .toBe(true);
  });

  it('gives back the latest hit, forgets all on clear, and answers a peek without counting', async () => {
    const subject = randomUUID();
    const rule = { scope: 'give', limit: 2, windowSeconds: 60 };
    expect((await hitSharedLimit(db(), rule, subject)).ok).toBe(true);
    expect((await peekSharedLimit(db(), rule, subject)).ok).toBe(true);
    expect((await hitSharedLimit(db(), rule, subject)).ok).toBe(true);
    expect((await peekSharedLimit(db(), rule, subject)).ok).toBe(false);
    await giveBackSharedHit(db(), rule, subject);
    expect((await peekSharedLimit(db(), rule, subject)).ok).toBe(true);
    expect((await hitSharedLimit(db(), rule, subject)).ok).toBe(true);
    expect((await hitSharedLimit(db(), rule, subject)).ok).toBe(false);
    await clearSharedLimit(db(), rule, subject);
    // giving back more than was counted never makes room beyond the limit
    for (let i = 0; i < 3; i++) await giveBackSharedHit(db(), rule, subject);
    expect((await hitSharedLimit(db(), rule, subject)).ok).toBe(true);
    expect((await hitSharedLimit(db(), rule, subject)).ok).toBe(true);
    expect((await hitSharedLimit(db(), rule, subject)).ok).toBe(false);
  });

  it('holds a limited number of slots; a release (twice is harmless) frees one; an expired lease is taken over', async () => {
    const subject = randomUUID();
    const first = await holdSharedSlot(db(), { scope: 'slot', limit: 1, windowSeconds: 60 }, subject);
    expect(first).not.toBeNull();
    expect(await holdSharedSlot(db(), { scope: 'slot', limit: 1, windowSeconds: 60 }, subject)).toBeNull();
    await first!();
    await first!();
    const second = await holdSharedSlot(db(), { scope: 'slot', limit: 1, windowSeconds: 60 }, subject);
    expect(second).not.toBeNull();
    expect(await holdSharedSlot(db(), { scope: 'slot', limit: 1, windowSeconds: 60 }, subject)).toBeNull();
    const leased = randomUUID();
    expect(await holdSharedSlot(db(), { scope: 'slot', limit: 1, windowSeconds: 1 }, leased)).not.toBeNull();
    await expect
      .poll(async () => (await holdSharedSlot(db(), { scope: 'slot', limit: 1, windowSeconds: 1 }, leased)) !== null, {
        timeout: 10_000,
        interval: 300,
      })
      .toBe(true);
  });
});

describe('limits shared by two servers on one PostgreSQL', () => {
  const servers = useTwoServers();

  it('allows exactly the limit to a burst split over both servers', async () => {
    const subject = randomUUID();
    const dbs = [servers.first.database.db, servers.second.database.db];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        hitSharedLimit(dbs[i % 2]!, { scope: 'burst', limit: 10, windowSeconds: 60 }, subject),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
  });

  it('counts AI questions across servers: the 11th in a minute is refused on either', async () => {
    const { api, loginAs } = await import('../factories/test-server');
    const urls = [servers.first.baseUrl, servers.second.baseUrl];
    const uid = await loginAs(urls[0]!, 'zhaoliu', '123456');
    const conversation = (await api(urls[0]!, uid).post<{ id: string }>('/api/ai/conversations', {})).body.data.id;
    const ask = (url: string) =>
      fetch(`${url}/api/ai/conversations/${conversation}/ask`, {
        method: 'POST',
        headers: { uid, 'content-type': 'application/json' },
        body: JSON.stringify({ text: '我有几个待办' }),
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    for (let i = 0; i < 10; i++) expect((await ask(urls[i % 2]!)).status).toBe(200);
    for (const url of urls) {
      const refused = await ask(url);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body).msg).toMatch(/^提问太频繁了，请 \d+ 秒后再试$/);
    }
  });
});
