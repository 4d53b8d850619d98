import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flowLogs, flowTasks } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { leaveWaitingForLisi } from './support/leave';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { controlled, sentWrites } from './support/offline';

const env = useAppAndBrowser();

describe('an approval made offline', () => {
  it('is queued on the phone and reaches the server exactly once after going online', async () => {
    const reason = `离线审批-${Date.now()}`;
    const { instanceId, taskId } = await leaveWaitingForLisi(env.app, reason);
    const { context } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    const approvals = sentWrites(context, `/api/flow/tasks/${taskId}/approve`);
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');
    await controlled(page);
    await page.goto(`${env.app.baseUrl}/followWaitDetail?instanceId=${instanceId}&taskId=${taskId}`);
    await page.getByText(reason).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: '同意', exact: true }).click();
    await page.getByPlaceholder('请输入审批意见').fill('离线同意');
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await page.getByRole('button', { name: '确认' }).click();
    // the approval waits in the outbox, and the app says so
    await page.getByText('1 项操作待同步').waitFor();
    const taskStatus = async () =>
      (
        await env.app.database.db.select({ status: flowTasks.status }).from(flowTasks).where(eq(flowTasks.id, taskId))
      )[0]?.status;
    expect(await taskStatus()).toBe('pending');

    await context.setOffline(false);
    await expect.poll(taskStatus, { timeout: 20_000 }).toBe('done');
    await expect.poll(() => page.getByText(/项操作待同步/).count()).toBe(0);
    const [approved] = await env.app.database.db
      .select({ n: count() })
      .from(flowLogs)
      .where(and(eq(flowLogs.instanceId, instanceId), eq(flowLogs.action, 'approve')));
    expect(toCount(approved?.n)).toBe(1);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatch(/\S{16,}/);
    await context.close();
  });
});
