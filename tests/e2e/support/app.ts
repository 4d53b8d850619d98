import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../../factories/test-server';
import { PHONE, connectChromium, newContext } from './browser';

/** The real server on a fresh embedded database, serving the built client (npm test builds it first). */
export async function startApp(serverEnv?: Record<string, string>) {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` before the browser tests');
  return startTestServer({ driver: 'pglite', staticDir: 'dist', env: serverEnv });
}

export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The real app and a Chromium for one test file: started before its tests, closed after them (serverEnv: extra settings). */
export function useAppAndBrowser(serverEnv?: Record<string, string>): { app: TestServer; browser: Browser } {
  const env = {} as { app: TestServer; browser: Browser };
  beforeAll(async () => {
    [env.app, env.browser] = await Promise.all([startApp(serverEnv), connectChromium()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
  });
  return env;
}

/** A phone (360×640) signed in through the login form, on the home page (demo password). */
export async function signedInOnPhone(env: { app: TestServer; browser: Browser }, username: string): Promise<Page> {
  const { context } = await newContext(env.browser, PHONE);
  const page = await context.newPage();
  await loginThroughForm(page, env.app.baseUrl, username, '123456');
  await page.waitForURL('**/phonehome');
  return page;
}
