import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flowInstances } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { api, loginAs } from '../factories/test-server';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled, sentWrites } from './support/offline';

const env = useAppAndBrowser();

describe('a new request submitted offline (360×640)', () => {
  it('waits on the phone with its form, and reaches the server as exactly one request', async () => {
    const reason = `地铁上的请假-${Date.now()}`;
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const definitions = (await zhangsan.get<{ id: string; code: string }[]>('/api/flow/definitions')).body.data;
    const leaveId = definitions.find((d) => d.code === 'leave')!.id;
    const { context } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const starts = sentWrites(context, '/api/flow/instances');
    await openSignedIn(page, env.app.baseUrl, 'zhangsan', '/phonehome');
    await page.waitForURL('**/phonehome');
    await controlled(page);
    // 离线同步 has kept the startable definitions with their forms
    await expect
      .poll(() => cacheHolds(page, 'leaveType', ['flow', 'definition', leaveId]), { timeout: 60_000 })
      .toBe(true);

    await context.setOffline(true);
    const prefill = { leaveType: '3', period: ['2026-12-28', '2026-12-28'], days: 1, reason };
    await page.goto(
      `${env.app.baseUrl}/follow/followList?definitionId=${leaveId}&prefill=${encodeURIComponent(JSON.stringify(prefill))}`,
    );
    await expect.poll(() => page.getByLabel('请假事由').inputValue()).toBe(reason);
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('已加入待同步队列，联网后自动提交').waitFor();
    await page.getByText('此申请已保存在本机，联网后自动提交').waitFor();
    await page.getByText('1 项操作待同步').waitFor();
    expect(await page.getByRole('button', { name: '等待联网' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const db = env.app.database.db;
    const started = async () =>
      toCount(
        (
          await db
            .select({ n: count() })
            .from(flowInstances)
            .where(and(eq(flowInstances.status, 'running'), sql`${flowInstances.formData}->>'reason' = ${reason}`))
        )[0]?.n,
      );
    expect(await started()).toBe(0);

    await context.setOffline(false);
    await expect.poll(started, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByText(/项操作待同步/).count(), { timeout: 20_000 }).toBe(0);
    // the form no longer waits once the server has the request
    await page.getByRole('button', { name: '提交', exact: true }).waitFor();
    expect(await started()).toBe(1);
    // one Idempotency-Key, whoever sent it (the page or the worker's Background Sync)
    expect(new Set(starts)).toHaveProperty('size', 1);
    expect(starts[0]).toMatch(/\S{16,}/);
    await context.close();
  });
});
