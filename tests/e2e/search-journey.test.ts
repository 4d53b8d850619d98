import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '../../server/db/schema';
import { namePinyin } from '../../server/lib/pinyin';
import { searchGrams } from '../../server/lib/search-grams';
import { demoId } from '../../server/db/seed/demo-ids';
import { api, loginAs } from '../factories/test-server';
import { IPAD, PHONE, newContext } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

/** Uncaught errors of every page opened here: a journey that threw in the page fails even if it looked right. */
const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

const mark = Date.now() % 100000;
const description = `差旅住宿${mark}`;
const subject = `报销材料${mark}`;

/**
 * 张三 has a 报销 request of his own, a mail about it from 李四 and a colleague 白雪 (initials bx): `bx` finds all
 * three. The colleague is written straight into the table, as an org import does.
 */
beforeAll(async () => {
  const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
  const started = await zhangsan.post('/api/flow/instances', {
    definitionId: demoId('flow:expense'),
    formData: { expenseType: 'travel', amount: 320, occurredOn: '2026-11-12', description },
  });
  expect(started.status, started.body.msg).toBe(200);
  const lisi = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
  const sent = await lisi.post('/api/mail/messages', {
    to: [demoId('user:zhangsan')],
    subject,
    bodyHtml: '<p>请补充报销材料</p>',
    send: true,
  });
  expect(sent.status, sent.body.msg).toBe(200);
  const db = env.app.database.db;
  const [model] = await db.select().from(users).where(eq(users.username, 'zhaoliu'));
  await db.insert(users).values({
    username: `baixue${mark}`,
    realName: '白雪',
    passwordHash: model!.passwordHash,
    orgId: model!.orgId,
    searchGrams: searchGrams(['白雪']),
    ...namePinyin('白雪'),
  });
}, 120_000);

async function onDevice(username: string, device: typeof PHONE): Promise<Page> {
  const { context, errors } = await newContext(env.browser, device);
  pageErrors.push(errors);
  const page = await context.newPage();
  await loginThroughForm(page, env.app.baseUrl, username, '123456');
  await page.waitForURL(/\/(phonehome|pad)/);
  return page;
}

const group = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

async function searchFor(page: Page, keyword: string) {
  const box = page.getByPlaceholder('搜索审批、邮件、资讯、通讯录、日程、会议…');
  await box.fill(keyword);
  await box.press('Enter');
}

describe('one search (搜索)', () => {
  it('on a phone, `bx` finds the 报销 request, the mail and the colleague; each opens; the keyword is kept', async () => {
    const page = await onDevice('zhangsan', PHONE);
    // the box above the grid: 搜索 with its hint
    await page.getByRole('link', { name: /^搜索审批/ }).click();
    await page.waitForURL('**/search');
    await searchFor(page, 'bx');

    // grouped by module: the newest 报销 request first, the mail, the colleague
    const flow = group(page, '审批');
    await flow.getByText('张三的报销').first().waitFor({ timeout: 30_000 });
    await group(page, '邮件').getByText(subject).waitFor();
    await group(page, '通讯录').getByText('白雪').waitFor();

    await flow.locator('.search-hit').first().click();
    await page.waitForURL('**/followViewDetail**');
    await page.getByText(description).first().waitFor({ timeout: 30_000 });
    await page.goBack();

    await group(page, '邮件').getByText(subject).click();
    await page.waitForURL('**/email/detail**');
    await page.getByText('请补充报销材料').waitFor({ timeout: 30_000 });
    await page.goBack();

    await group(page, '通讯录').getByText('白雪').click();
    await page.waitForURL('**/addressbook/userInfo**');
    await page.getByText('白雪').first().waitFor({ timeout: 30_000 });

    // 汉字 are marked where they matched; the searches are remembered for this person
    await page.goto(`${env.app.baseUrl}/search?q=${encodeURIComponent('报销材料')}`);
    await expect
      .poll(() => group(page, '邮件').locator('mark.search-mark').first().textContent(), { timeout: 30_000 })
      .toBe('报销材料');
    await page.goto(`${env.app.baseUrl}/search`);
    const recent = page.getByRole('region', { name: '最近搜索' });
    await recent.getByRole('button', { name: 'bx', exact: true }).waitFor({ timeout: 30_000 });
  });

  it('on a tablet at 1024×768, a result opens beside the list and the rail offers 搜索', async () => {
    const page = await onDevice('zhangsan', IPAD);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '搜索', exact: true }).click();
    await page.waitForURL('**/search');
    await searchFor(page, 'bx');
    const list = page.getByRole('region', { name: '搜索结果', exact: true });
    await list.getByText(subject).click();
    const pane = page.getByRole('region', { name: '搜索结果内容' });
    await pane.getByText('请补充报销材料').waitFor({ timeout: 30_000 });
    // the list stays beside it, the opened row marked
    await list.getByText('白雪').waitFor();
    expect(await list.locator('[aria-current="true"]').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('open')).toMatch(/^mail:/);
  });
});
