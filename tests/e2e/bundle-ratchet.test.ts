import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadJs } from '../../bench/bundle-budget';
import { loginAs } from '../factories/test-server';
import { useAppAndBrowser } from './support/app';

// The first-load JS (gzip, level 9) reached so far, with ~1 KB of slack for hashing noise. A change that makes a
// first page heavier fails here; lower these figures whenever a page gets lighter.
// Raised once, knowingly (164 → 171, 196 → 200): six modules landed together (资讯, 邮件, 会议, 日程, 业务建模, AI助手,
// full 通讯录) and their route definitions (search validation, loader stubs) and query-key factories sit in the entry
// chunk every page loads (entry 17.7 → 24.2 KB gzip; vendor chunks unchanged). Moving those out of the entry is the
// next step of the speed issue; until then a page may not grow past these figures.
const RATCHET_KB = { '/login': 171, '/phonehome': 200 } as const;

const env = useAppAndBrowser();

describe('first-load JS ratchet (same measure as the bundle bench)', () => {
  it.each(Object.entries(RATCHET_KB))('%s stays at or under its figure', async (page, ceilingKb) => {
    const loggedIn = page !== '/login';
    const uid = loggedIn ? await loginAs(env.app.baseUrl, 'zhangsan', '123456') : '';
    const result = await firstLoadJs(env.browser, env.app.baseUrl, path.resolve('dist'), { path: page, budgetKb: ceilingKb, loggedIn }, uid);
    expect(result.finalPath).toBe(page);
    const files = result.chunks.map((c) => `${c.file} ${(c.gzip / 1024).toFixed(1)} KB`).join('\n');
    expect(result.gzip / 1024, `first-load JS of ${page}:\n${files}`).toBeLessThanOrEqual(ceilingKb);
  });
});
