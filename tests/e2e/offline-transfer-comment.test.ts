import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flowComments, flowLogs, flowTasks } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { leaveWaitingForLisi } from './support/leave';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled, QUEUED, sentWrites } from './support/offline';

const env = useAppAndBrowser();

describe('a 转办 and a 评论 made offline (360×640)', () => {
  it('wait on the phone, the 转办 to someone picked offline, and each reaches the server exactly once', async () => {
    const stamp = Date.now();
    const first = await leaveWaitingForLisi(env.app, `离线转办-${stamp}`);
    const second = await leaveWaitingForLisi(env.app, `离线评论-${stamp}`);
    const { context } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const transfers = sentWrites(context, `/api/flow/tasks/${first.taskId}/transfer`);
    const comments = sentWrites(context, `/api/flow/instances/${second.instanceId}/comments`);
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');
    await controlled(page);
    const detail = ({ instanceId, taskId }: typeof first) =>
      `${env.app.baseUrl}/followWaitDetail?instanceId=${instanceId}&taskId=${taskId}`;
    await page.goto(detail(second));
    await page.getByText(`离线评论-${stamp}`).waitFor();
    await page.goto(detail(first));
    await page.getByText(`离线转办-${stamp}`).waitFor();
    // 离线同步 has kept the org tree (the picker's people) and the other 待办 the phone will open offline
    await expect.poll(() => cacheHolds(page, '赵六', ['upms', 'selector', 'org']), { timeout: 60_000 }).toBe(true);
    await expect
      .poll(() => cacheHolds(page, `离线评论-${stamp}`, ['flow', 'instance']), { timeout: 30_000 })
      .toBe(true);

    await context.setOffline(true);
    await page.getByRole('button', { name: '转办', exact: true }).click();
    await page.waitForURL('**/follow/dealWith?**');
    await page.getByRole('button', { name: '请选择人员' }).click();
    await page.getByPlaceholder('搜索姓名、账号或手机号').fill('赵六');
    await page.getByRole('checkbox', { name: '选择赵六' }).check();
    await page.getByRole('button', { name: /^确定\(1\)/ }).click();
    await page.getByPlaceholder('请输入审批意见').fill('离线转办，请协助处理');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await page.getByRole('button', { name: '确认' }).click();
    await page.getByText(QUEUED).waitFor();
    await page.getByText('1 项操作待同步').waitFor();

    await page.goto(detail(second));
    await page.getByText(`离线评论-${stamp}`).waitFor();
    await page.getByLabel('评论内容').fill(`地铁上的评论-${stamp}`);
    await page.getByRole('button', { name: '发表评论' }).click();
    await page.getByText(QUEUED).waitFor();
    await page.getByText('2 项操作待同步').waitFor();

    const db = env.app.database.db;
    const taskStatus = async () =>
      (await db.select({ status: flowTasks.status }).from(flowTasks).where(eq(flowTasks.id, first.taskId)))[0]?.status;
    const commentCount = async () =>
      toCount(
        (await db.select({ n: count() }).from(flowComments).where(eq(flowComments.instanceId, second.instanceId)))[0]
          ?.n,
      );
    expect(await taskStatus()).toBe('pending');
    expect(await commentCount()).toBe(0);

    await context.setOffline(false);
    await expect.poll(taskStatus, { timeout: 30_000 }).toBe('transferred');
    await expect.poll(commentCount, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByText(/项操作待同步/).count(), { timeout: 20_000 }).toBe(0);
    const [transferred] = await db
      .select({ n: count() })
      .from(flowLogs)
      .where(and(eq(flowLogs.instanceId, first.instanceId), eq(flowLogs.action, 'transfer')));
    expect(toCount(transferred?.n)).toBe(1);
    const [newTask] = await db
      .select({ n: count() })
      .from(flowTasks)
      .where(and(eq(flowTasks.instanceId, first.instanceId), eq(flowTasks.status, 'pending')));
    expect(toCount(newTask?.n)).toBe(1);
    // each write went out under one Idempotency-Key, whoever sent it (the page or the worker's Background Sync)
    expect(new Set(transfers)).toHaveProperty('size', 1);
    expect(new Set(comments)).toHaveProperty('size', 1);
    expect(transfers[0]).toMatch(/\S{16,}/);
    await context.close();
  });
});
