import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flowInstances } from '../../server/db/schema';
import { seededArticle } from '../factories/news-client';
import { phonesCheckedForErrors, useAppAndBrowser } from './support/app';

// Issue 47 point 7: the demo group has one name, 华晟控股集团 (华晟 in short), wherever a user reads it at 360×640.

const env = useAppAndBrowser();

const signedIn = phonesCheckedForErrors(env);

describe('one spelling of the group (issue 47.7)', () => {
  it('the headline, the address book and an official document all say 华晟, never 华盛', async () => {
    const page = await signedIn('zhangsan', { at: `/news/detail?id=${seededArticle('annual')}` });
    await page.getByText('2026年度工作会议胜利召开').first().waitFor({ timeout: 20_000 });
    const article = await page.locator('body').innerText();
    expect(article).toContain('华晟控股集团2026年度工作会议胜利召开');

    await page.goto(`${env.app.baseUrl}/addressbook/org`);
    await page.getByText('华晟控股集团').first().waitFor({ timeout: 20_000 });
    const book = await page.locator('body').innerText();

    const [doc] = await env.app.database.db
      .select({ id: flowInstances.id })
      .from(flowInstances)
      .where(sql`${flowInstances.formData}->>'docTitle' = '关于做好2026年冬季安全生产工作的通知'`);
    await page.goto(`${env.app.baseUrl}/followUnreadDetail?instanceId=${doc!.id}`);
    await page.getByText('〔2026〕18号').first().waitFor({ timeout: 20_000 });
    const document = await page.locator('body').innerText();
    expect(document).toContain('华晟办〔2026〕18号');

    for (const text of [article, book, document]) expect(text).not.toContain('华盛');
  });
});
