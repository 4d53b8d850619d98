import { afterAll, describe, expect, it } from 'vitest';
import { api, encryptPassword } from '../factories/test-server';
import { drivers, useServer } from './support/server';
import { createSeededPgDatabase, spawnServer, type ServerProcess } from '../support-bench/spawn-server';

// The login limit under bursts of parallel guesses, on one server and across two processes: in the project 'heavy'
// (vitest.config.ts), one file at a time, since the limit is a race the machine's load takes part in.

type Guess = (i: number, username: string, password: string) => Promise<{ status: number; body: { msg: string } }>;

const SPREAD_OVER = [
  'fengtao',
  'wuhao',
  'zhengwei',
  'linxiaoyu',
  'gaoyan',
  'yangfan',
  'hejing',
  'xuli',
  'huangmin',
  'zhoujie',
  'sunqi',
  'zhaoliu',
];

/**
 * 25 parallel guesses at one account, then 60 spread over twelve accounts, all from one address. Which 5 of a burst
 * are checked is up to the scheduler. When the right password is one of them, that login succeeds and forgives the
 * account's earlier failures (the person is in), so at most 5 more wrong guesses are checked: never more than
 * 4 + 1 + 5. Without it, never more than 5. The forgiven rows also leave the address's count.
 */
async function expectBurstsLimited(guess: Guess): Promise<void> {
  // the right password is among the guesses: with the old read-then-check it got through once the count lagged
  const burst = await Promise.all(
    Array.from({ length: 25 }, (_, i) => guess(i, 'caolei', i === 18 ? '123456' : `guess-${i}`)),
  );
  const loggedIn = burst.some((r) => r.status === 200);
  const checked = burst.filter((r) => r.status !== 429);
  expect(checked.length).toBeLessThanOrEqual(loggedIn ? 10 : 5);
  expect(burst.filter((r) => r.status === 429).every((r) => r.body.msg === '登录失败次数过多，请15分钟后再试')).toBe(
    true,
  );
  const spread = await Promise.all(
    Array.from({ length: 60 }, (_, i) => guess(i, SPREAD_OVER[i % SPREAD_OVER.length]!, `spread-${i}`)),
  );
  expect(spread.filter((r) => r.status !== 429).length + checked.length).toBeLessThanOrEqual(loggedIn ? 35 : 30);
}

// own server: the burst uses up the address limit of 127.0.0.1, which would lock every later login of a shared one
describe.each(drivers)('login limit under a parallel burst on %s', (driver) => {
  const ctx = useServer(driver);

  it('checks at most 5 of 25 parallel guesses for one account and at most 30 of a 60-guess burst from one address', async () => {
    const anon = api(ctx.server.baseUrl);
    const key = (await anon.get<string>('/api/oauth/publicKey')).body.data;
    await expectBurstsLimited((_, username, password) =>
      anon.post<string>('/api/oauth/login', { username, password: encryptPassword(key, password) }),
    );
  });
});

// two processes can only share PostgreSQL (the embedded database has one owner): the count lives in the database,
// so guesses split between two servers are limited as if they hit one
describe('login limit across two server processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createSeededPgDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('checks at most 5 of 25 parallel guesses for one account and at most 30 of a 60-guess burst from one address, split over both', async () => {
    database = await createSeededPgDatabase('oa_login');
    servers.push(
      ...(await Promise.all([
        spawnServer({ DATABASE_URL: database.url }),
        spawnServer({ DATABASE_URL: database.url }),
      ])),
    );
    const [a, b] = servers.map((s) => api(s.baseUrl));
    const key = (await a!.get<string>('/api/oauth/publicKey')).body.data;
    expect((await b!.get<string>('/api/oauth/publicKey')).body.data).toBe(key);
    await expectBurstsLimited((i, username, password) =>
      (i % 2 ? a! : b!).post<string>('/api/oauth/login', { username, password: encryptPassword(key, password) }),
    );
  }, 180_000);
});
