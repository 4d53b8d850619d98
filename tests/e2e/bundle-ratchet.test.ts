import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadJs } from '../../bench/bundle-budget';
import { loginAs } from '../factories/test-server';
import { useAppAndBrowser } from './support/app';

// The first-load JS (gzip, level 9) a first page may carry: a change that makes one heavier fails here, and the
// figures go down whenever a page gets lighter. /phonehome's is issue 29's budget and 0.3 KB: two clean clones
// built entries of the same byte size, only minified names differ. Raising a figure is a decision to say in its
// commit, with the measure (git log -p on this file tells each step). Issue 48: boot.js minified (1.4 → 0.7 KB on
// both pages), the preview's idle prefetch +0.1 KB on /phonehome: room for the home's search box and 消息中心, which
// with the routes /search, /message, /myCenter/offlineData and /follow/leaveBalances took it to 151.17 KB. Issue 48
// point 5 made room under the 150 KB budget instead of raising it: 149.81 KB (axios's HttpStatusCode and CancelToken
// stubbed, React 19's own useSyncExternalStore for TanStack Store, the update bar and a message's mark-read fetched
// when used).
const RATCHET_KB = { '/login': 4.5, '/phonehome': 149.95 } as const;

const env = useAppAndBrowser();

describe('first-load JS ratchet (same measure as the bundle bench)', () => {
  it.each(Object.entries(RATCHET_KB))('%s stays at or under its figure', async (page, ceilingKb) => {
    const loggedIn = page !== '/login';
    const uid = loggedIn ? await loginAs(env.app.baseUrl, 'zhangsan', '123456') : '';
    const result = await firstLoadJs(
      env.browser,
      env.app.baseUrl,
      path.resolve('dist'),
      { path: page, budgetKb: ceilingKb, loggedIn },
      uid,
    );
    expect(result.finalPath).toBe(page);
    const files = result.chunks.map((c) => `${c.file} ${(c.gzip / 1024).toFixed(1)} KB`).join('\n');
    expect(result.gzip / 1024, `first-load JS of ${page}:\n${files}`).toBeLessThanOrEqual(ceilingKb);
  });
});
