import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { loginAs, startTestServer, type TestServer } from '../../factories/test-server';
import { IPAD, PHONE, connectChromium, newContext, withServiceWorker } from './browser';
import { controlled } from './offline';
import { printTapLogs } from './tap-log';

/**
 * The real server on a fresh clone of the seeded database, serving the built client (npm test builds it first).
 * Journeys run on PostgreSQL, the production database: on the embedded one every query of the server shared the test
 * process's one thread with Playwright, and a journey took half again as long. The API suite runs every call on both
 * databases; the journeys that prove the embedded start in a browser (shell.test, the first password change) ask for
 * 'pglite'.
 */
export async function startApp(serverEnv?: Record<string, string>, driver: 'pg' | 'pglite' = 'pg') {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` before the browser tests');
  return startTestServer({ driver, staticDir: 'dist', env: serverEnv, pgliteOnDisk: true });
}

export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Opens `path` signed in as `username` the way the uni-app container hands a session over (spec §4: a `uid`
 * parameter, taken and then stripped from the address): the journeys that are not about the login form skip its page,
 * its key request and its encryption, a second or more per sign-in on a busy machine. The form itself is proven by
 * login-document, shell and the password journeys, which use loginThroughForm.
 */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  username: string,
  path: string,
  password = '123456',
): Promise<void> {
  const uid = await loginAs(baseUrl, username, password);
  await page.goto(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}uid=${encodeURIComponent(uid)}`);
}

/**
 * Opens `at` signed in (openSignedIn) and waits until the app has taken the session: on the home page by default, or
 * on the page a test starts from, which spares a journey the home page's load (a second or more on a busy machine).
 */
async function land(
  page: Page,
  baseUrl: string,
  username: string,
  at: string | undefined,
  home: { path: string; url: string | RegExp },
) {
  await openSignedIn(page, baseUrl, username, at ?? home.path);
  await page.waitForURL(at ? (url) => !url.searchParams.has('uid') : home.url);
}

const PHONE_HOME = { path: '/phonehome', url: '**/phonehome' };

/**
 * The real app and a Chromium for one test file: started before its tests, closed after them (serverEnv: extra
 * settings; driver: the database, see startApp).
 */
export function useAppAndBrowser(
  serverEnv?: Record<string, string>,
  { driver = 'pg' as 'pg' | 'pglite' } = {},
): { app: TestServer; browser: Browser } {
  const env = {} as { app: TestServer; browser: Browser };
  beforeAll(async () => {
    [env.app, env.browser] = await Promise.all([startApp(serverEnv, driver), connectChromium()]);
  });
  // A test's contexts are closed when it ends: left open until the file's end, their pages kept polling, refetching
  // on every live event of the later tests and drawing frames (a sixth of the project's Chromium CPU in four files).
  let openBefore: BrowserContext[] = [];
  beforeEach(() => {
    openBefore = env.browser?.contexts() ?? [];
  });
  afterEach(async ({ task }) => {
    const opened = env.browser?.contexts().filter((context) => !openBefore.includes(context)) ?? [];
    if (task.result?.state === 'fail') await printTapLogs(opened, task.name);
    await Promise.all(opened.map((context) => context.close()));
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
  });
  return env;
}

/**
 * A phone (360×640) signed in (openSignedIn), on the home page or on `at` (demo password). With `serviceWorker`, the
 * app's service worker is installed and controls the page before it is handed out (see withServiceWorker).
 */
export async function signedInOnPhone(
  env: { app: TestServer; browser: Browser },
  username: string,
  { serviceWorker = false, at }: { serviceWorker?: boolean; at?: string } = {},
): Promise<Page> {
  const { context } = await newContext(env.browser, serviceWorker ? withServiceWorker(PHONE) : PHONE);
  const page = await context.newPage();
  await land(page, env.app.baseUrl, username, at, PHONE_HOME);
  if (serviceWorker) await controlled(page);
  return page;
}

/**
 * signedIn(username, { at, serviceWorker }): a phone signed in like signedInOnPhone whose page errors (uncaught
 * exceptions, console errors) fail the test that opened it, checked after each test.
 */
export function phonesCheckedForErrors(env: { app: TestServer; browser: Browser }) {
  const pageErrors: string[][] = [];
  afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));
  return async function signedIn(
    username: string,
    { at, serviceWorker = false }: { at?: string; serviceWorker?: boolean } = {},
  ): Promise<Page> {
    const { context, errors } = await newContext(env.browser, serviceWorker ? withServiceWorker(PHONE) : PHONE);
    pageErrors.push(errors);
    const page = await context.newPage();
    await land(page, env.app.baseUrl, username, at, PHONE_HOME);
    if (serviceWorker) await controlled(page);
    return page;
  };
}

/**
 * onIpad(username, viewport, at): a tablet signed in (openSignedIn), on the tablet shell (/pad…) or on `at`, whose
 * page errors fail the test that opened it, checked after each test.
 */
export function tabletsCheckedForErrors(env: { app: TestServer; browser: Browser }) {
  const pageErrors: string[][] = [];
  afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));
  return async function onIpad(username: string, viewport = { width: 1024, height: 768 }, at?: string): Promise<Page> {
    const { context, errors } = await newContext(env.browser, { ...IPAD, viewport });
    pageErrors.push(errors);
    const page = await context.newPage();
    await land(page, env.app.baseUrl, username, at, { path: '/', url: /\/pad/ });
    return page;
  };
}
