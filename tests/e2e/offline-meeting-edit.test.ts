import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetings } from '../../server/db/schema';
import { signedInOnPhone, useAppAndBrowser } from './support/app';
import { onlineMeetingWithZhangsan } from './support/meeting';
import { QUEUED, sentWrites } from './support/offline';

// Issue 45 point 2: 修改会议 made offline waits in the outbox, shows at once, and reaches the server once.

const env = useAppAndBrowser();

describe('修改会议 offline (360×640)', () => {
  it('shows the new subject at once, waits in the outbox and lands exactly once when online', async () => {
    const stamp = Date.now();
    const subject = `离线修改-${stamp}`;
    const changed = `${subject}（改）`;
    const id = await onlineMeetingWithZhangsan(env.app, subject);
    const stored = async () =>
      (
        await env.app.database.db
          .select({ subject: meetings.subject, version: meetings.version })
          .from(meetings)
          .where(eq(meetings.id, id))
      )[0]!;
    const before = await stored();

    const page = await signedInOnPhone(env, 'lisi', { serviceWorker: true });
    page.setDefaultTimeout(20_000);
    const context = page.context();
    const puts = sentWrites(context, `/api/meeting/${id}`, 'PUT');
    await page.goto(`${env.app.baseUrl}/meeting/info?id=${id}`);
    await page.getByText(subject).first().waitFor();
    await page.getByRole('button', { name: '修改', exact: true }).click();
    const subjectInput = page.getByPlaceholder('请输入会议主题');
    await expect.poll(() => subjectInput.inputValue()).toBe(subject);

    await context.setOffline(true);
    await subjectInput.fill(changed);
    await page.getByRole('button', { name: '保存修改' }).click();
    await page.getByText(QUEUED).waitFor();
    await page.getByText('1 项操作待同步').waitFor();
    // the meeting's page shows the change before it is sent
    await page.waitForURL(`**/meeting/info?id=${id}`);
    await page.getByText(changed).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await stored()).toEqual(before);

    await context.setOffline(false);
    await expect.poll(stored, { timeout: 30_000 }).toEqual({ subject: changed, version: before.version + 1 });
    await expect.poll(() => page.getByText(/项操作待同步/).count(), { timeout: 20_000 }).toBe(0);
    // after the replay's refetch the page shows the server's subject, the same one
    await page.getByText(changed).first().waitFor();
    const rows = await env.app.database.db
      .select({ id: meetings.id })
      .from(meetings)
      .where(eq(meetings.subject, changed));
    expect(rows).toEqual([{ id }]);
    expect(await stored()).toEqual({ subject: changed, version: before.version + 1 });
    // one Idempotency-Key, whoever sent it (the page or the worker's Background Sync)
    expect(puts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(puts)).toHaveProperty('size', 1);
    await context.close();
  });
});
