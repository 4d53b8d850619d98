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
// Lowered (171 → 170.5, 200 → 199): route loaders now travel in their page's chunk (codeSplittingOptions) and the
// module manifests name their persisted roots without importing key factories: entry 24.6 → 23.3 KB gzip; measured
// /login 169.5 KB, /phonehome 197.8 KB with firstLoadJs as below (entry attributed with bench/lib/module-stats.ts).
// Raised again, knowingly (170.5 → 171.5, 199 → 200, the figures this session began with but 0.5 KB on /login): the
// fourteen tablet and 抄送我 routes of spec §2 add their definitions to the entry chunk (measured /login 171.49 KB,
// /phonehome 199.89 KB). Moving route definitions out of the entry is still open in the speed issue.
// Lowered (171.5 → 138, 200 → 166.5): the HTTP layer is a small XMLHttpRequest client instead of axios (−18.5 KB on
// both pages) and framer-motion left the first load: the page stage starts plain and the animated stage (its own
// chunk) takes over after the first touch (−16 KB). Measured /login 137.2 KB, /phonehome 165.6 KB.
// Lowered (138 → 135.5): nobody signed in has nothing cached or queued, so /login no longer fetches the offline layer
// (query persistence, outbox replay); it loads when a uid arrives. Measured /login 134.4 KB, /phonehome 166.1 KB.
// Lowered (135.5 → 9.5, 166.5 → 142): /login is a document of its own, made live by a small login script without
// React, the router or Query (issue #12); the app's scripts are fetched only once the user types. Measured /login
// 8.35 KB (login script 7.00, boot.js 1.36), /phonehome 141.03 KB.
// Raised knowingly (142 → 142.5, issue 32): every module opens in the tablet shell on a tablet, so the 审批, 邮件, 资讯
// and 会议 list routes' chunk lists in the entry name the tablet screens too, and the root picks the (lazy) rail.
// Measured /phonehome 142.10 KB; /login unchanged.
// Raised, knowingly (9.5 → 28.5, 142 → 161.5; issue 29 point 2): axios is the HTTP client again, as the design card
// names it, instead of the XMLHttpRequest copy; its own chunk weighs 20.4 KB gzip on both pages (the fetch adapter
// it carries is ≈ 4.5 KB of that). Measured /login 27.88 KB, /phonehome 161.09 KB (before: 8.57, 141.90).
// Lowered (28.5 → 5.6, 162 → 157.8; issue 29): the login document paints and takes typing without axios (the login
// call and the site config are imported on the first keystroke or at 登录), and axios's unused fetch adapter is
// replaced by a stub in the build (axios chunk 20.4 → 16.3 KB). Measured /login 5.10 KB, /phonehome 157.25 KB.
// Lowered (157.8 → 152.7; issue 29): what a plain signed-in start does not run left the first load — the URL session
// handover and the native back handler (fetched only when the address or the host app needs them), the outbox replay
// (fetched once a write is queued), the 办理 rules behind the 办理 route's search schema, and workbox-window (the
// waiting worker is found as the login document finds it). Measured /login 5.10 KB, /phonehome 152.2 KB.
// Lowered (152.7 → 150.4; issue 29's 150 KB met): the pending-writes list (once a write is queued), the offline bar's
// data age (once offline), the sign-out, 刷新 / 检查更新 and the home page's empty state load when needed; jsqr is
// imported through an ES module (its namespace shim left the runtime) and file names carry 8 hash digits instead of 10
// (the entry names every lazy file). Measured /login 5.08 KB, /phonehome 149.91 KB.
// Lowered (150.4 → 150): issue 29's budget itself is the line. Two clean clones built entries of the same byte size
// (only minified names differ), so the 0.09 KB left is room for that noise, not for growth.
// Lowered (/login 5.6 → 5.2): SWC's bugfix pass keeps default parameters (−0.25 KB on /phonehome), which pays for the
// toast that shows without antd-mobile when its chunk cannot be fetched (+0.17 KB). Measured /login 5.11 KB,
// /phonehome 149.83 KB.
const RATCHET_KB = { '/login': 5.2, '/phonehome': 150 } as const;

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
