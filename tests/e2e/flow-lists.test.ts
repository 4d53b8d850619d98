import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAs } from '../factories/test-server';
import { defId, forms } from '../factories/flow-client';
import { useAppAndBrowser, signedInOnPhone } from './support/app';

const env = useAppAndBrowser();

const signedIn = (username: string, options?: { at?: string }) => signedInOnPhone(env, username, options);

/** zhangsan starts a request through the API (the lists are under test here, not the form). */
async function startAs(code: 'leave' | 'expense', formData: Record<string, unknown>) {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
  const answer = await client.post<{ id: string }>('/api/flow/instances', { definitionId: defId(code), formData });
  expect(answer.status, answer.body.msg).toBe(200);
  return answer.body.data.id;
}

/** Interactive things on screen smaller than 44 × 44 px (text links inside a paragraph aside), named for the report. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const items = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type=hidden]), select, [role=button], [role=checkbox], [role=radio], [role=tab]',
      ),
    ];
    return items
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden=true]'))
          return false;
        return box.height < 44 || box.width < 44;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}「${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20)}」${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`,
      );
  });
}

describe('审批 lists (issue 10 points 5, 7, 10 and the touch targets)', () => {
  it('every touch target on the follow pages is at least 44 px at 360×640', async () => {
    const lisi = await signedIn('lisi');
    const pages: [string, string][] = [
      ['/follow/index', '.follow-hub'],
      ['/follow/waitList', '.list-view-items, .empty-state'],
      ['/follow/ccList', '.list-view-items, .empty-state'],
      ['/follow/myList', '.list-view-items, .empty-state'],
      ['/follow/searchFlow', '.flow-search'],
    ];
    for (const [path, ready] of pages) {
      await lisi.goto(`${env.app.baseUrl}${path}`);
      await lisi.locator(ready).first().waitFor();
      expect(await smallTargets(lisi), path).toEqual([]);
    }
    // the 筛选 sheet and the 批量同意 mode of 待办
    await lisi.goto(`${env.app.baseUrl}/follow/waitList`);
    await lisi.getByRole('button', { name: '筛选' }).click();
    const sheet = lisi.getByRole('dialog', { name: '筛选' });
    await sheet.getByText('审批中').waitFor();
    // the sheet slides in: measure it once it has settled
    await expect.poll(() => smallTargets(lisi), { message: '筛选', timeout: 5000 }).toEqual([]);
    await sheet.getByRole('button', { name: '取消' }).click();
    await sheet.waitFor({ state: 'detached' });
    await lisi.getByRole('button', { name: '批量同意' }).click();
    await lisi.getByText(/已选 0 项/).waitFor();
    expect(await smallTargets(lisi), '批量同意').toEqual([]);
  });

  it('the hub names each count; 待办 cards show the leave’s key fields; 筛选 keeps one process; 批量同意 approves the chosen rows one by one', async () => {
    await startAs('leave', forms.leave(2, '批量甲'));
    await startAs('leave', forms.leave(1, '批量乙'));
    await startAs('expense', forms.expense(888, '筛选报销'));

    const lisi = await signedIn('lisi');
    // the home tile counts 待办 only and says so
    const tile = lisi.getByRole('navigation', { name: '应用' }).getByRole('link', { name: /审批/ });
    await expect.poll(() => tile.innerText()).toMatch(/\d/);
    expect(await tile.getByText(/条待办/).count()).toBe(1);

    await lisi.goto(`${env.app.baseUrl}/follow/index`);
    await lisi.getByLabel(/条待办$/).waitFor();
    await lisi.getByRole('link', { name: /抄送我/ }).waitFor();

    await lisi.goto(`${env.app.baseUrl}/follow/waitList`);
    const list = lisi.getByRole('list', { name: '待办' });
    const leaveCard = list.getByRole('button', { name: /张三的请假/ }).first();
    await leaveCard.getByText('请假类型').waitFor();
    await leaveCard.getByText('请假天数').waitFor();
    await leaveCard.getByText(/^到达于/).waitFor();

    // 筛选 → 报销 only, on the server
    await lisi.getByRole('button', { name: '筛选' }).click();
    await lisi.getByRole('dialog', { name: '筛选' }).getByText('报销', { exact: true }).click();
    await lisi.getByRole('dialog', { name: '筛选' }).getByRole('button', { name: '确定' }).click();
    await lisi.getByRole('button', { name: '筛选(1)' }).waitFor();
    await list
      .getByRole('button', { name: /张三的报销/ })
      .first()
      .waitFor();
    await expect.poll(() => list.getByRole('button', { name: /张三的请假/ }).count()).toBe(0);
    await lisi.getByRole('button', { name: '筛选(1)' }).click();
    await lisi.getByRole('dialog', { name: '筛选' }).getByRole('button', { name: '重置' }).click();
    await lisi.getByRole('dialog', { name: '筛选' }).getByRole('button', { name: '确定' }).click();
    await lisi.getByRole('button', { name: '筛选', exact: true }).waitFor();

    // 批量同意 the two leaves
    await lisi.getByRole('button', { name: '批量同意' }).click();
    const boxes = list.getByRole('checkbox', { name: /张三的请假/, disabled: false });
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await lisi.getByText('已选 2 项').waitFor();
    await lisi.getByRole('button', { name: '同意(2)' }).click();
    await lisi.getByText('确认同意选中的 2 项申请？').waitFor();
    await lisi.getByRole('button', { name: '同意', exact: true }).click();
    const results = lisi.getByRole('list', { name: '批量同意结果' });
    await results.waitFor();
    await expect.poll(() => results.getByText('已同意').count()).toBe(2);
  });
});
