import { and, count, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flowInstances, flowLogs, flowTasks, idempotencyKeys, users } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { api, loginAs } from '../factories/test-server';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { leaveWaitingForLisi } from './support/leave';
import { cacheHolds, controlled, QUEUED } from './support/offline';

const env = useAppAndBrowser();

type Leave = { reason: string; instanceId: string; taskId: string };

/** 张三 asks 李四 for five leaves, one for each thing 李四 does offline. */
async function fiveLeavesForLisi(stamp: number): Promise<Leave[]> {
  const leaves: Leave[] = [];
  for (const what of ['同意', '驳回', '转办', '加签', '撤回']) {
    const reason = `车上${what}-${stamp}`;
    leaves.push({ reason, ...(await leaveWaitingForLisi(env.app, reason)) });
  }
  return leaves;
}

/** On the detail page of `leave`: the footer's `action`, people picked where the action names some, the 意见, sent. */
async function decide(page: Page, leave: Leave, action: string, opinion: string, people: string[] = []) {
  await page.goto(`${env.app.baseUrl}/followWaitDetail?instanceId=${leave.instanceId}&taskId=${leave.taskId}`);
  await page.getByText(leave.reason).first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: action === '加签' ? '同意' : action, exact: true }).click();
  await page.waitForURL('**/follow/dealWith?**');
  if (action === '加签') await page.getByRole('radio', { name: '加签' }).click();
  if (people.length) {
    await page.getByRole('button', { name: '请选择人员' }).click();
    for (const name of people) {
      await page.getByPlaceholder('搜索姓名、账号或手机号').fill(name);
      await page.getByRole('checkbox', { name: `选择${name}` }).check();
    }
    await page.getByRole('button', { name: new RegExp(`^确定\\(${people.length}\\)`) }).click();
  }
  await page.getByPlaceholder('请输入审批意见').fill(opinion);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await page.getByRole('button', { name: '确认' }).click();
  await page.getByText(QUEUED).waitFor();
}

describe('decisions on the train (issue 45, 360×640)', () => {
  it('李四 decides five 待办 offline and closes the app; Background Sync lands each once, and the withdrawn one says why', async () => {
    const stamp = Date.now();
    const [approve, reject, transfer, addSign, withdrawn] = await fiveLeavesForLisi(stamp);
    const { context, errors } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // the app asks the browser to keep its data once signed in: counted where the browser offers it
    await page.addInitScript(() => {
      const storage = navigator.storage as StorageManager & { persistAsked?: number };
      const persist = storage.persist.bind(storage);
      storage.persist = () => {
        storage.persistAsked = (storage.persistAsked ?? 0) + 1;
        return persist();
      };
    });
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');
    await controlled(page);
    await expect
      .poll(() => page.evaluate(() => (navigator.storage as { persistAsked?: number }).persistAsked ?? 0))
      .toBeGreaterThan(0);
    // 离线同步 kept every open 待办 (none opened yet) and the people the pickers offer
    for (const { reason } of [approve, reject, transfer, addSign, withdrawn])
      await expect.poll(() => cacheHolds(page, reason!, ['flow', 'instance']), { timeout: 90_000 }).toBe(true);
    await expect.poll(() => cacheHolds(page, '赵六', ['upms', 'selector', 'org']), { timeout: 60_000 }).toBe(true);

    await context.setOffline(true);
    await decide(page, approve!, '同意', '同意，路上注意安全');
    await decide(page, reject!, '驳回', '日期与排班冲突');
    await decide(page, transfer!, '转办', '请赵六处理', ['赵六']);
    await decide(page, addSign!, '加签', '请孙琪先看', ['孙琪']);
    await decide(page, withdrawn!, '同意', `我同意这次请假-${stamp}`);
    await page.getByText('5 项操作待同步').waitFor();
    // meanwhile 张三 takes one request back
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const back = await zhangsan.post(`/api/flow/instances/${withdrawn!.instanceId}/withdraw`, {});
    expect(back.status, back.body.msg).toBe(200);

    // the app is closed before the network returns: only the service worker can send the queue, when Chromium's
    // Background Sync sees the network back
    await page.close();
    expect(context.pages()).toEqual([]);
    await context.setOffline(false);

    const db = env.app.database.db;
    const taskStatus = async (taskId: string) =>
      (await db.select({ status: flowTasks.status }).from(flowTasks).where(eq(flowTasks.id, taskId)))[0]?.status;
    const instanceStatus = async (id: string) =>
      (await db.select({ status: flowInstances.status }).from(flowInstances).where(eq(flowInstances.id, id)))[0]
        ?.status;
    await expect.poll(() => taskStatus(approve!.taskId), { timeout: 30_000 }).toBe('done');
    await expect.poll(() => instanceStatus(reject!.instanceId), { timeout: 30_000 }).toBe('rejected');
    await expect.poll(() => taskStatus(transfer!.taskId), { timeout: 30_000 }).toBe('transferred');
    await expect.poll(() => taskStatus(addSign!.taskId), { timeout: 30_000 }).toBe('waiting');
    expect(await instanceStatus(withdrawn!.instanceId)).toBe('withdrawn');
    const pendingFor = async (instanceId: string) =>
      (
        await db
          .select({ name: users.realName })
          .from(flowTasks)
          .innerJoin(users, eq(users.id, flowTasks.assigneeId))
          .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')))
      ).map((r) => r.name);
    expect(await pendingFor(transfer!.instanceId)).toEqual(['赵六']);
    expect(await pendingFor(addSign!.instanceId)).toEqual(['孙琪']);
    const [logged] = await db
      .select({ n: count() })
      .from(flowLogs)
      .where(
        and(inArray(flowLogs.instanceId, [approve!.instanceId, withdrawn!.instanceId]), eq(flowLogs.action, 'approve')),
      );
    expect(toCount(logged?.n)).toBe(1);
    // the server took each write under one Idempotency-Key (no page was open: the worker's batch sent them)
    const paths = [
      `/api/flow/tasks/${approve!.taskId}/approve`,
      `/api/flow/tasks/${reject!.taskId}/reject`,
      `/api/flow/tasks/${transfer!.taskId}/transfer`,
      `/api/flow/tasks/${addSign!.taskId}/add-signer`,
      `/api/flow/tasks/${withdrawn!.taskId}/approve`,
    ];
    // the refused 同意 is the batch's last write: its key may land a moment after the four statuses above
    const keyed = async () =>
      (
        await db
          .select({ path: idempotencyKeys.path })
          .from(idempotencyKeys)
          .where(inArray(idempotencyKeys.path, paths))
      )
        .map((k) => k.path)
        .sort();
    await expect.poll(keyed, { timeout: 30_000 }).toEqual([...paths].sort());

    // opened again: the refused 同意 says who withdrew the request and when, and keeps the 意见 to copy
    const again = await context.newPage();
    await again.goto(`${env.app.baseUrl}/phonehome`);
    const refusal = again.getByRole('alert').filter({ hasText: '未生效' });
    await refusal.getByText(/此申请已被 张三 于 \d{2}:\d{2} 撤回，你的「同意」未生效/).waitFor();
    await refusal.getByText(`你填写的内容：我同意这次请假-${stamp}`).waitFor();
    await expect.poll(() => again.getByText(/项操作待同步/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
