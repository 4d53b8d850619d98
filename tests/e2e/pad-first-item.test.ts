import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Page as ListPage } from '../../contract/envelope';
import type { CustomListRow } from '../../contract/custom';
import type { FlowListRow } from '../../contract/flow';
import type { MeetingListRow } from '../../contract/meeting';
import { api, loginAs } from '../factories/test-server';
import { leaveWaitingForLisi } from './support/leave';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

/** Uncaught errors of every page opened here: a journey that threw in the page fails even if it looked right. */

/** The first page of a list as the server answers it to this person: what the screen should open on. */
async function firstPage<T>(username: string, path: string): Promise<T[]> {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
  const answer = await client.get<ListPage<T>>(`${path}?pageNum=1&pageSize=10`);
  expect(answer.status, answer.body.msg).toBe(200);
  // the journeys below open the first row and then name the second in the address
  expect(answer.body.data.rows.length).toBeGreaterThan(1);
  return answer.body.data.rows;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** Indexes of the rows marked as the one open beside the list. */
const currentRows = (rows: Locator) =>
  rows.evaluateAll((els) => els.flatMap((el, i) => (el.getAttribute('aria-current') === 'true' ? [i] : [])));
const searchOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('a tablet list at 1024×768 opens on its first item', () => {
  const WIDE = { width: 1024, height: 768 };

  it('待办: the first to-do stands beside the list, marked; a flow the address names wins', async () => {
    await leaveWaitingForLisi(env.app, '首项展示的请假');
    const todo = await firstPage<FlowListRow>('lisi', '/api/flow/task/todo');
    const page = await onIpad('lisi', WIDE);
    await page.waitForURL('**/padbacklog/index');
    const detail = region(page, '审批详情');
    const rows = region(page, '待办').locator('[data-split-item]');
    await detail.getByText(todo[0]!.serial, { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => currentRows(rows), { timeout: 10_000 }).toEqual([0]);
    expect(await detail.getByText('请从左侧选择一项').count()).toBe(0);
    // shown, not chosen: the address stays the bare list, so Back never lands on an entry the app made up
    expect(searchOf(page, 'instanceId')).toBeNull();
    // the flow shown is the person's to act on, as a tap would have opened it
    await detail.getByRole('button', { name: '同意', exact: true }).waitFor({ timeout: 10_000 });

    await page.goto(`${env.app.baseUrl}/padbacklog/index?instanceId=${todo[1]!.instanceId}&taskId=${todo[1]!.id}`);
    await detail.getByText(todo[1]!.serial, { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => currentRows(rows), { timeout: 10_000 }).toEqual([1]);
    expect(await detail.getByText(todo[0]!.serial, { exact: true }).count()).toBe(0);
  });

  it('会议: the first meeting of 待回复 stands beside the list; a tap moves to another and keeps it', async () => {
    const meetings = await firstPage<MeetingListRow>('zhangsan', '/api/meeting/list/invitations');
    const page = await onIpad('zhangsan', WIDE);
    await page.goto(`${env.app.baseUrl}/meeting/index`);
    const detail = region(page, '会议详情');
    const rows = region(page, '待回复').locator('[data-split-item]');
    await detail.getByText(meetings[0]!.subject).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => currentRows(rows), { timeout: 10_000 }).toEqual([0]);
    expect(await detail.getByText('请从左侧选择一个会议').count()).toBe(0);

    await rows.nth(1).click();
    await expect.poll(() => searchOf(page, 'id'), { timeout: 10_000 }).toBe(meetings[1]!.id);
    await detail.getByText(meetings[1]!.subject).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => currentRows(rows), { timeout: 10_000 }).toEqual([1]);
    // the choice outlives a reload: the address names it, the first row does not take over again
    await page.reload();
    await detail.getByText(meetings[1]!.subject).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => currentRows(rows), { timeout: 20_000 }).toEqual([1]);
  });

  it('业务建模: the first record stands beside the list, and it is the only record read', async () => {
    const records = await firstPage<CustomListRow>('zhangsan', '/api/custom/models/vehicle/records');
    const page = await onIpad('zhangsan', WIDE);
    const read: string[] = [];
    page.on('request', (request) => {
      const id = /\/api\/custom\/records\/([^/?]+)$/.exec(new URL(request.url()).pathname)?.[1];
      if (request.method() === 'GET' && id) read.push(id);
    });
    await page.goto(`${env.app.baseUrl}/customModule/list?code=vehicle`);
    const detail = region(page, '业务详情');
    const rows = region(page, '车辆管理').locator('[data-split-item]');
    await detail.getByText(records[0]!.title).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => currentRows(rows), { timeout: 10_000 }).toEqual([0]);
    expect(await detail.getByText('请从左侧选择一条记录').count()).toBe(0);
    // no read ahead of the rows below it: what shows is what a tap on the first row would have loaded
    await page.waitForTimeout(1_000);
    expect([...new Set(read)]).toEqual([records[0]!.id]);

    await page.goto(`${env.app.baseUrl}/customModule/list?code=vehicle&id=${records[1]!.id}`);
    await detail.getByText(records[1]!.title).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => currentRows(rows), { timeout: 10_000 }).toEqual([1]);
  });
});

describe('one pane (iPad split view, 507×1024)', () => {
  it('the list is the page: nothing opens beside it until a row is tapped', async () => {
    const page = await onIpad('zhangsan', { width: 507, height: 1024 }, '/meeting/index');
    const rows = region(page, '待回复').locator('[data-split-item]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await region(page, '会议详情').count()).toBe(0);
    expect(await currentRows(rows)).toEqual([]);
  });
});
