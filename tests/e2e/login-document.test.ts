import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../factories/test-server';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { useAppAndBrowser } from './support/app';
import { controlled } from './support/offline';
import { titleOf } from './support/deadline';

const env = useAppAndBrowser();

/** The scripts index.html names: the app's entry scripts and the login document's. */
async function namedScripts(page: Page, kind: 'app-script' | 'login-script'): Promise<string[]> {
  return page
    .locator(`meta[name=${kind}]`)
    .evaluateAll((metas) => metas.map((m) => new URL(m.getAttribute('content')!, location.href).pathname));
}

async function phone({ serviceWorker = false } = {}) {
  const { context, errors } = await newContext(env.browser, serviceWorker ? withServiceWorker(PHONE) : PHONE);
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return { context, errors, page, requested };
}

describe('the login screen is a document of its own', () => {
  it('loads only the login script on a cold /login; the app is fetched once the user types', async () => {
    const { context, errors, page, requested } = await phone();
    await page.goto(`${env.app.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const app = await namedScripts(page, 'app-script');
    const login = await namedScripts(page, 'login-script');
    expect(app.length).toBeGreaterThan(0);
    expect(login.length).toBeGreaterThan(0);
    for (const file of login) expect(requested).toContain(file);
    // a chunk both entries name (axios, the HTTP client of both) is the login script's own; the rest waits
    expect(requested.filter((file) => app.includes(file) && !login.includes(file))).toEqual([]);
    await expect.poll(() => titleOf(page)).toBe('登录');

    await page.getByPlaceholder('请输入用户名').pressSequentially('z');
    await expect.poll(() => app.filter((file) => !requested.includes(file))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for the user name and the password, and shows or hides the password', async () => {
    const { context, page } = await phone();
    await page.goto(`${env.app.baseUrl}/login`);
    const submit = page.getByRole('button', { name: '登录', exact: true });
    await submit.click();
    await page.getByRole('alert').filter({ hasText: '请输入用户名' }).waitFor();
    await page.getByPlaceholder('请输入用户名').fill('zhangsan');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: '请输入密码' }).waitFor();

    const password = page.getByPlaceholder('请输入密码');
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: '显示密码' }).click();
    const hide = page.getByRole('button', { name: '隐藏密码' });
    expect(await hide.getAttribute('aria-pressed')).toBe('true');
    expect(await hide.textContent()).toBe('隐藏');
    expect(await password.getAttribute('type')).toBe('text');
    await hide.click();
    expect(await page.getByRole('button', { name: '显示密码' }).getAttribute('aria-pressed')).toBe('false');
    expect(await password.getAttribute('type')).toBe('password');
    await context.close();
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    const { context, page } = await phone();
    await page.goto(`${env.app.baseUrl}/login`);
    await page.getByPlaceholder('请输入用户名').fill('lisi');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('oa.uid'))).toBeNull();
    // the form is usable again
    expect(await page.getByRole('button', { name: '登录', exact: true }).isEnabled()).toBe(true);
    await context.close();
  });

  it('signs in onto the redirect target, remembers the name, and signing out lands on the login document', async () => {
    const { context, errors, page } = await phone();
    await page.goto(`${env.app.baseUrl}/login?redirect=/email/inbox`);
    await page.getByPlaceholder('请输入用户名').fill('zhangsan');
    await page.getByPlaceholder('请输入密码').fill('123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/email/inbox');
    // the app starts in full here (and the worker registered by the login document may be precaching meanwhile)
    await expect.poll(() => titleOf(page), { timeout: 15_000 }).toBe('收件箱');
    expect(await page.evaluate(() => localStorage.getItem('oa.uid'))).toBeTruthy();

    // a stored session opening /login goes on to the target (here: home)
    await page.goto(`${env.app.baseUrl}/login`);
    await page.waitForURL('**/phonehome');

    await page.getByRole('navigation', { name: '主导航' }).getByText('我的').click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确认' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('oa.uid'))).toBeNull();
    // the login document, not a page of the app: the static markup is live, with the remembered name
    await expect.poll(() => page.getByPlaceholder('请输入用户名').inputValue()).toBe('zhangsan');
    expect(await page.locator('main.boot-login').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an app page without a session to the login document, and back to the page after 登录', async () => {
    const { context, page, requested } = await phone();
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url().slice(env.app.baseUrl.length));
    });
    await page.goto(`${env.app.baseUrl}/phonehome`);
    // the page asked for goes along (28.8)
    await page.waitForURL('**/login?redirect=%2Fphonehome');
    // the login document has loaded once its script made the static fields editable
    await page.waitForSelector('.boot-login input[name=username]:not([readonly])');
    // the address shows /login once, when the login document loads: not first through the app's router, which left
    // a moment when it said /login while the browser was still about to replace the document
    expect(addresses.filter((a) => a.startsWith('/login'))).toEqual(['/login?redirect=%2Fphonehome']);
    const login = await namedScripts(page, 'login-script');
    await expect.poll(() => login.every((file) => requested.includes(file))).toBe(true);
    await page.getByPlaceholder('请输入用户名').fill('zhangsan');
    await page.getByPlaceholder('请输入密码').fill('123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/phonehome');
    await context.close();
  });

  it('leaves a handover on /login to the app (a uid in the URL signs in)', async () => {
    const uid = await loginAs(env.app.baseUrl, 'zhangsan', '123456');
    const { context, page } = await phone();
    await page.goto(`${env.app.baseUrl}/login?uid=${encodeURIComponent(uid)}`);
    await page.waitForURL('**/phonehome');
    expect(await page.evaluate(() => localStorage.getItem('oa.uid'))).toBe(uid);
    await context.close();
  });

  it('shows offline from the service worker, and a login attempt offline tells the network is down', async () => {
    const { context, page } = await phone({ serviceWorker: true });
    await page.goto(`${env.app.baseUrl}/login`);
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByPlaceholder('请输入用户名').fill('zhangsan');
    await page.getByPlaceholder('请输入密码').fill('123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '网络不可用，请检查网络连接' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
