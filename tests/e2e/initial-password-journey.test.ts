import { eq } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { users } from '../../server/db/schema';
import { PHONE, newContext } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';

// on the embedded database, as `npm start` runs it
const env = useAppAndBrowser(undefined, { driver: 'pglite' });

describe('an account with an initial password (npm run org:import)', () => {
  it('lands on 我的 with 修改密码 open, cannot go elsewhere until it is changed, then goes anywhere', async () => {
    // what the import gives a new person; tests/api/org-import.test.ts runs the import itself
    await env.app.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'wangwu'));
    const { context } = await newContext(env.browser, PHONE);
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'wangwu', '123456');
    await page.waitForURL('**/myCenter/index');
    await page.getByRole('alert').getByText('首次登录，请先修改初始密码').waitFor();
    await page.goto(`${env.app.baseUrl}/follow/waitList`);
    await page.waitForURL('**/myCenter/index');
    await page.getByPlaceholder('请输入原密码').fill('123456');
    await page.getByPlaceholder('8-32位，含字母和数字').fill('Initial2026');
    await page.getByPlaceholder('请再次输入新密码').fill('Initial2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码已修改').waitFor();
    await page.getByText('首次登录，请先修改初始密码').waitFor({ state: 'detached' });
    await page.goto(`${env.app.baseUrl}/follow/waitList`);
    await page.waitForURL('**/follow/waitList');
  });
});
