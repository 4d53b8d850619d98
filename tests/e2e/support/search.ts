import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { users } from '../../../server/db/schema';
import { namePinyin } from '../../../server/lib/pinyin';
import { searchGrams } from '../../../server/lib/search-grams';
import { demoId } from '../../../server/db/seed/demo-ids';
import { api, loginAs, type TestServer } from '../../factories/test-server';

/**
 * What `bx` should find: 张三's 报销 request (its description), a mail about it (its subject) from `mailFrom` to
 * `mailTo`, and a colleague 白雪 written straight into the users table, as an org import does.
 */
export async function reimbursementMailAndColleague(
  app: TestServer,
  {
    description,
    subject,
    mailFrom,
    mailTo,
  }: { description: string; subject: string; mailFrom: string; mailTo: string },
): Promise<void> {
  const zhangsan = api(app.baseUrl, await loginAs(app.baseUrl, 'zhangsan', '123456'));
  const started = await zhangsan.post('/api/flow/instances', {
    definitionId: demoId('flow:expense'),
    formData: { expenseType: 'travel', amount: 320, occurredOn: '2026-11-12', description },
  });
  expect(started.status, started.body.msg).toBe(200);
  const sender = api(app.baseUrl, await loginAs(app.baseUrl, mailFrom, '123456'));
  const sent = await sender.post('/api/mail/messages', {
    to: [demoId(`user:${mailTo}`)],
    subject,
    bodyHtml: '<p>请补充报销材料</p>',
    send: true,
  });
  expect(sent.status, sent.body.msg).toBe(200);
  const db = app.database.db;
  const [model] = await db.select().from(users).where(eq(users.username, 'zhaoliu'));
  await db.insert(users).values({
    username: `baixue${Date.now() % 100000}`,
    realName: '白雪',
    passwordHash: model!.passwordHash,
    orgId: model!.orgId,
    searchGrams: searchGrams(['白雪']),
    ...namePinyin('白雪'),
  });
}

/** A module's group of results on the search screen. */
export const resultGroup = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

/** Types `keyword` into the one search box and submits it. */
export async function searchFor(page: Page, keyword: string): Promise<void> {
  const box = page.getByPlaceholder('搜索审批、邮件、资讯、通讯录、日程、会议…');
  await box.fill(keyword);
  await box.press('Enter');
}
