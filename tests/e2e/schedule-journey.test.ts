import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInOnPhone, useAppAndBrowser } from './support/app';
import { pickDate, pickOption } from './support/pickers';
import { shanghaiDayFromToday } from '../factories/meeting-client';

const env = useAppAndBrowser();

/** Shanghai calendar day `n` days from today (the phone runs in Asia/Shanghai too). */

/** The titles the list shows on each day (one entry per event shown, tags left out). */
async function titlesByDay(page: Page, days: string[], prefix: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const day of days) {
    const titles = await page
      .locator(`section[aria-label="${day}"] .schedule-item-title`)
      .evaluateAll((spans) => spans.map((s) => s.firstChild?.textContent ?? ''));
    out[day] = titles.filter((t) => t.startsWith(prefix));
  }
  return out;
}

/** From the month page: 新建日程 today at 09:00–10:00, repeating every day, ended as `end` says. */
async function createDaily(
  page: Page,
  title: string,
  end: (page: Page) => Promise<void>,
  more: (page: Page) => Promise<void> = async () => {},
) {
  await page.goto(`${env.app.baseUrl}/schedule/index`);
  await page.getByRole('button', { name: '新建日程' }).click();
  await page.getByPlaceholder('请输入日程标题').fill(title);
  await page.getByRole('button', { name: '每天', exact: true }).click();
  await end(page);
  await more(page);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await page.getByText('日程已创建').waitFor();
}

describe('schedule journeys (日程)', () => {
  it('/schedule opens the month calendar instead of 页面不存在', async () => {
    const page = await signedInOnPhone(env, 'zhaoliu', { at: '/schedule' });
    await page.waitForURL('**/schedule/index');
    await page.getByRole('grid', { name: '月历' }).waitFor();
    expect(await page.getByText('页面不存在').count()).toBe(0);
  });

  it('edits a later occurrence with 此日程及之后: one event a day, the old title before it and the new one from it', async () => {
    const page = await signedInOnPhone(env, 'hejing');
    const days = [0, 1, 2, 3, 4, 5].map(shanghaiDayFromToday);
    await createDaily(page, '站会演练', async (p) => {
      await p.getByRole('button', { name: '重复次数', exact: true }).click();
      await pickOption(p, '选择重复次数', '5次');
    });
    await page.goto(`${env.app.baseUrl}/schedule/list?from=${days[0]}&to=${days[5]}`);
    await page
      .locator(`section[aria-label="${days[2]}"]`)
      .getByRole('button', { name: /站会演练/ })
      .click();

    // the read-only detail names the tapped occurrence's own day; 编辑 opens the form on that day
    const detail = page.getByRole('region', { name: '日程详情' });
    await detail.getByText(`${days[2]} 09:00–10:00`).waitFor();
    await detail.getByText('每天，共5次').waitFor();
    await detail.getByRole('button', { name: '编辑', exact: true }).click();
    await page
      .getByRole('button', { name: '开始时间', exact: true })
      .filter({ hasText: `${days[2]} 09:00` })
      .waitFor();
    await page.getByPlaceholder('请输入日程标题').fill('站会演练（新）');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    // the scope sheet offers the three scopes and a real 取消
    await page.getByText('这是重复日程，要修改哪些？').waitFor();
    for (const name of ['仅此日程', '所有日程', '取消'])
      await page.getByRole('option', { name, exact: true }).waitFor();
    await page.getByRole('option', { name: '此日程及之后', exact: true }).click();
    await page.getByText('日程已修改').waitFor();

    const old = ['站会演练'];
    const renamed = ['站会演练（新）'];
    await expect
      .poll(() => titlesByDay(page, days, '站会演练'), { timeout: 30_000 })
      .toEqual({
        [days[0]!]: old,
        [days[1]!]: old,
        [days[2]!]: renamed,
        [days[3]!]: renamed,
        [days[4]!]: renamed,
        [days[5]!]: [],
      });
  });

  it('invites a colleague with the org selector and ends the series on a date; she sees it and accepts, only the owner edits', async () => {
    const owner = await signedInOnPhone(env, 'zhaoliu');
    const days = [0, 1, 2, 3].map(shanghaiDayFromToday);
    await createDaily(
      owner,
      '客户走访',
      async (p) => {
        await p.getByRole('button', { name: '结束于日期', exact: true }).click();
        await pickDate(p, '结束日期', days[2]!);
      },
      async (p) => {
        await p.getByRole('button', { name: '选择参与人', exact: true }).click();
        await p.getByPlaceholder('搜索姓名、账号或手机号').fill('孙琪');
        await p.getByRole('checkbox', { name: '选择孙琪' }).check();
        await p.getByRole('button', { name: /^确定/ }).click();
        await p.getByRole('button', { name: '选择参与人', exact: true }).filter({ hasText: '孙琪' }).waitFor();
      },
    );
    await owner.goto(`${env.app.baseUrl}/schedule/list?from=${days[0]}&to=${days[3]}`);
    const once = ['客户走访'];
    await expect
      .poll(() => titlesByDay(owner, days, '客户走访'), { timeout: 30_000 })
      .toEqual({ [days[0]!]: once, [days[1]!]: once, [days[2]!]: once, [days[3]!]: [] });

    const guest = await signedInOnPhone(env, 'sunqi', { at: `/schedule/list?from=${days[0]}&to=${days[3]}` });
    const entry = guest.locator(`section[aria-label="${days[1]}"]`).getByRole('button', { name: /客户走访/ });
    await entry.filter({ hasText: '待确认' }).waitFor();
    await entry.click();
    const detail = guest.getByRole('region', { name: '日程详情' });
    await detail.getByText('我的回复').waitFor();
    expect(await detail.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    await detail.getByRole('button', { name: '接受', exact: true }).click();
    await guest.getByText('已接受日程').waitFor();
    await detail.getByRole('button', { name: '接受', exact: true, disabled: true }).waitFor();

    await owner.reload();
    await owner
      .locator(`section[aria-label="${days[0]}"]`)
      .getByRole('button', { name: /客户走访/ })
      .click();
    const mine = owner.getByRole('region', { name: '日程详情' });
    await mine.getByText('已接受').waitFor();
    expect(await mine.getByText('孙琪').count()).toBe(1);
    await mine.getByRole('button', { name: '编辑', exact: true }).waitFor();
  });
});
