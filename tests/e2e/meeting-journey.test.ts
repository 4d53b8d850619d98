import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAs } from '../factories/test-server';
import { deptOf, roomOf, userId } from '../factories/meeting-client';
import { useAppAndBrowser, signedInOnPhone } from './support/app';
import { atRest } from './support/at-rest';
import { pickAndConfirm, tapWheelItem } from './support/pickers';

const env = useAppAndBrowser();

const signedIn = (username: string, options?: { at?: string }) => signedInOnPhone(env, username, options);

async function pickInvitee(page: Page, name: string) {
  await page.getByPlaceholder('搜索姓名、账号或手机号').fill(name);
  await page.getByRole('checkbox', { name: `选择${name}` }).check();
}

describe('meeting journeys (会议 / 日程)', () => {
  it('李四 books a room and invites two colleagues; they see the invitation, accept, and it is on their schedule', async () => {
    const lisi = await signedIn('lisi', { at: `/meeting/roomInfo?id=${roomOf('第二会议室')}&date=2031-05-06` });
    await lisi.getByRole('link', { name: '预订此会议室' }).click();
    await lisi.waitForURL('**/meeting/addMeeting?**');
    await lisi.getByPlaceholder('请输入会议主题').fill('产品路线图评审');
    await expect
      .poll(() => lisi.getByRole('button', { name: /第二会议室/ }).getAttribute('class'))
      .toContain('meeting-chip-on');
    await lisi.getByRole('button', { name: '请选择参会人员' }).click();
    await pickInvitee(lisi, '张三');
    await pickInvitee(lisi, '赵六');
    await lisi.getByRole('button', { name: /^确定/ }).click();
    await lisi.getByRole('button', { name: '预订会议', exact: true }).click();
    await lisi.waitForURL('**/meeting/info?**');
    await lisi.getByText('参会人员（2人，已签到0人）').waitFor();

    for (const [username, name] of [
      ['zhangsan', '张三'],
      ['zhaoliu', '赵六'],
    ] as const) {
      const page = await signedIn(username, { at: '/meeting/index' });
      await page.getByRole('button', { name: /产品路线图评审/ }).click();
      await page.waitForURL('**/meeting/info?**');
      await page.getByRole('button', { name: '接受', exact: true }).click();
      await page.getByText('已接受邀请').first().waitFor();
      await page.goto(`${env.app.baseUrl}/schedule/list?from=2031-05-06&to=2031-05-06`);
      const entry = page.getByRole('button', { name: /产品路线图评审/ });
      await entry.waitFor();
      expect(await entry.innerText()).toContain('10:00–11:00');
      await lisi.reload();
      await lisi.getByText(name).first().waitFor();
    }
    await expect.poll(async () => (await lisi.getByText('已接受').count()) >= 2).toBe(true);
  });

  it('the organiser opens the sign-in QR code and a participant signs in with its code', async () => {
    const organiser = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    const later = new Date(Date.now() + 65 * 60_000).toISOString();
    const created = await organiser.post<{ id: string }>('/api/meeting', {
      subject: '部门例会签到演示',
      onlineLink: 'https://meet.example.com/demo',
      startAt: soon,
      endAt: later,
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan'), userId('zhaoliu')],
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;

    const lisi = await signedIn('lisi', { at: `/meeting/signIn?id=${id}` });
    await lisi.getByRole('img', { name: '签到二维码' }).waitFor();
    const code = (await lisi.getByLabel('签到码').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);

    const zhangsan = await signedIn('zhangsan', { at: `/meeting/info?id=${id}` });
    await zhangsan.getByRole('link', { name: '签到', exact: true }).click();
    await zhangsan.waitForURL('**/meeting/scanCodePage?**');
    await zhangsan.getByPlaceholder('请输入签到码').fill(code);
    await zhangsan.getByRole('button', { name: '签到', exact: true }).click();
    await zhangsan.getByText('签到成功').first().waitFor();
    await zhangsan.waitForURL('**/meeting/info?**');

    // the organiser's live list picks the sign-in up without a reload
    await lisi.getByRole('region', { name: '已签到' }).getByText('张三').waitFor({ timeout: 10_000 });
  });

  it('an invitee types the six digits the organiser shows on 会议 → 扫码签到 and is signed in', async () => {
    const organiser = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const created = await organiser.post<{ id: string }>('/api/meeting', {
      subject: '六位签到码演示',
      onlineLink: 'https://meet.example.com/six',
      startAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      endAt: new Date(Date.now() + 65 * 60_000).toISOString(),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhaoliu')],
    });
    expect(created.status, created.body.msg).toBe(200);

    const lisi = await signedIn('lisi', { at: `/meeting/signIn?id=${created.body.data.id}` });
    await lisi.getByRole('img', { name: '签到二维码' }).waitFor();

    // 赵六 comes from the module's own page, not the meeting's link: no meeting id goes with the digits
    const zhaoliu = await signedIn('zhaoliu', { at: '/meeting/index' });
    await zhaoliu.getByRole('link', { name: '扫码签到' }).click();
    await zhaoliu.waitForURL('**/meeting/scanCodePage');
    // read the code just before typing it: it rotates every 30 seconds
    const code = (await lisi.getByLabel('签到码').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    await zhaoliu.getByPlaceholder('请输入签到码').fill(code);
    await zhaoliu.getByRole('button', { name: '签到', exact: true }).click();
    await zhaoliu.getByText('签到成功').first().waitFor();
    await zhaoliu.waitForURL('**/meeting/info?**');
    await zhaoliu.getByText('六位签到码演示').first().waitFor();
    await lisi.getByRole('region', { name: '已签到' }).getByText('赵六').waitFor({ timeout: 10_000 });
  });

  it('/meeting opens the index; a new booking starts at the next half hour, its times on one line without the date', async () => {
    const page = await signedIn('lisi', { at: '/meeting' });
    await page.waitForURL('**/meeting/index');
    await page.getByRole('link', { name: '预订会议' }).click();
    await page.waitForURL('**/meeting/addMeeting');
    const start = page.getByRole('button', { name: '开始时间', exact: true });
    const end = page.getByRole('button', { name: '结束时间', exact: true });
    await start.waitFor();
    const date = (await page.getByRole('button', { name: '会议日期', exact: true }).innerText()).trim();
    const [startText, endText] = [(await start.innerText()).trim(), (await end.innerText()).trim()];
    expect([startText, endText]).toEqual([
      expect.stringMatching(/^\d{2}:[03]0$/),
      expect.stringMatching(/^\d{2}:\d{2}$/),
    ]);
    const startsAt = Date.parse(`${date}T${startText}:00+08:00`);
    expect(startsAt).toBeGreaterThan(Date.now() - 60_000);
    expect(startsAt).toBeLessThanOrEqual(Date.now() + 31 * 60_000);
    // both fields on one line, each a single line of text that fits its box (once the page has slid in)
    await atRest(end);
    const [a, b] = [(await start.boundingBox())!, (await end.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(a.height).toBeLessThan(50);
    for (const field of [start, end]) expect(await field.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x);
    expect(b.x + b.width).toBeLessThanOrEqual(360);

    // the end is picked on the time wheels, the day stays as it was
    await pickAndConfirm(
      page,
      () => end.click(),
      async () => {
        await tapWheelItem(
          page
            .locator('.adm-picker-view-column:visible')
            .nth(0)
            .locator('.adm-picker-view-column-item-label')
            .getByText('23', { exact: true }),
        );
        await tapWheelItem(
          page
            .locator('.adm-picker-view-column:visible')
            .nth(1)
            .locator('.adm-picker-view-column-item-label')
            .getByText('45', { exact: true }),
        );
      },
      page.getByRole('button', { name: '结束时间', exact: true }).filter({ hasText: '23:45' }),
    );
    expect((await page.getByRole('button', { name: '会议日期', exact: true }).innerText()).trim()).toBe(date);
  });
});
