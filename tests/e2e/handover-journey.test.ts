import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '../../server/db/schema';
import { api, loginAs } from '../factories/test-server';
import { defId, forms } from '../factories/flow-client';
import { PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();
const apiAs = async (username: string) =>
  api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, username === 'admin' ? 'admin123' : '123456'));

async function onPhone(username: string, password = '123456'): Promise<Page> {
  const { context } = await newContext(env.browser, PHONE);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await openSignedIn(page, env.app.baseUrl, username, '/phonehome', password);
  await page.waitForURL('**/phonehome');
  return page;
}

/** Picks one person in the organisation selector by name. */
async function pick(page: Page, opener: string, name: string) {
  await page.getByRole('button', { name: opener }).click();
  await page.getByPlaceholder('搜索姓名、账号或手机号').fill(name);
  await page.getByRole('checkbox', { name: `选择${name}` }).check();
  await page.getByRole('button', { name: /^确定/ }).click();
}

const todoOf = async (username: string) =>
  (await (await apiAs(username)).get<{ rows: { instanceId: string }[] }>('/api/flow/task/todo?pageSize=100')).body.data
    .rows;

describe('人员交接 at 360×640 (issue 44 point 2)', () => {
  it('an administrator hands 李四’s work to 王五 and disables him; a task left with someone disabled is re-assigned', async () => {
    const zhangsan = await apiAs('zhangsan');
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(1),
    });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;

    // staff do not see the entry
    const staff = await onPhone('zhangsan');
    await staff.goto(`${env.app.baseUrl}/follow/index`);
    await staff.getByRole('link', { name: /审批统计/ }).waitFor();
    expect(await staff.getByRole('link', { name: /人员交接/ }).count()).toBe(0);
    await staff.context().close();

    const admin = await onPhone('admin', 'admin123');
    await admin.goto(`${env.app.baseUrl}/follow/index`);
    await admin.getByRole('link', { name: /人员交接/ }).click();
    await admin.waitForURL('**/follow/handover');
    await pick(admin, '选择交接人员', '李四');
    await expect
      .poll(() => admin.getByRole('status', { name: '未完成工作' }).innerText())
      .toMatch(/^待办 \d+ 项、申请 \d+ 项、会议 \d+ 个、群组 \d+ 个$/);
    await pick(admin, '选择接收人', '王五');
    await admin.getByRole('button', { name: '交接并停用' }).click();
    await admin.getByRole('button', { name: '确认' }).click();
    await admin.getByText('交接完成').waitFor();
    expect((await todoOf('wangwu')).some((r) => r.instanceId === id)).toBe(true);
    const [lisi] = await env.app.database.db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.username, 'lisi'));
    expect(lisi!.status).toBe('disabled');

    // 孙琪 leaves without the app (the database says so): her 待办 wait in 无人处理 until someone takes them
    await env.app.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'sunqi'));
    await admin.reload();
    const orphans = admin.getByRole('region', { name: '无人处理' }).getByRole('listitem');
    await expect.poll(() => orphans.count()).toBeGreaterThan(0);
    const before = await orphans.count();
    const first = orphans.first();
    expect(await first.innerText()).toContain('原处理人 孙琪（已停用）');
    const title = await first.getAttribute('aria-label');
    await pick(admin, `重新指派 ${title}`, '王五');
    await admin.getByText('已重新指派').waitFor();
    await expect.poll(() => orphans.count()).toBe(before - 1);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await admin.context().close();
  });
});
