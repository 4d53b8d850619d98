import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAs } from '../factories/test-server';
import { deptOf, roomOf, userId } from '../factories/meeting-client';
import { useAppAndBrowser, signedInOnPhone } from './support/app';

const env = useAppAndBrowser();

const signedIn = (username: string) => signedInOnPhone(env, username);

async function pickInvitee(page: Page, name: string) {
  await page.getByPlaceholder('搜索姓名、账号或手机号').fill(name);
  await page.getByRole('checkbox', { name: `选择${name}` }).check();
}

describe('meeting journeys (会议 / 日程)', () => {
  it('李四 books a room and invites two colleagues; they see the invitation, accept, and it is on their schedule', async () => {
    const lisi = await signedIn('lisi');
    await lisi.goto(`${env.app.baseUrl}/meeting/roomInfo?id=${roomOf('第二会议室')}&date=2031-05-06`);
    await lisi.getByRole('link', { name: '预订此会议室' }).click();
    await lisi.waitForURL('**/meeting/addMeeting?**');
    await lisi.getByPlaceholder('请输入会议主题').fill('产品路线图评审');
    await expect.poll(() => lisi.getByRole('button', { name: /第二会议室/ }).getAttribute('class')).toContain('meeting-chip-on');
    await lisi.getByRole('button', { name: '请选择参会人员' }).click();
    await pickInvitee(lisi, '张三');
    await pickInvitee(lisi, '赵六');
    await lisi.getByRole('button', { name: /^确定/ }).click();
    await lisi.getByRole('button', { name: '预订会议', exact: true }).click();
    await lisi.waitForURL('**/meeting/info?**');
    await lisi.getByText('参会人员（2人，已签到0人）').waitFor();

    for (const [username, name] of [['zhangsan', '张三'], ['zhaoliu', '赵六']] as const) {
      const page = await signedIn(username);
      await page.goto(`${env.app.baseUrl}/meeting/index`);
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

    const lisi = await signedIn('lisi');
    await lisi.goto(`${env.app.baseUrl}/meeting/signIn?id=${id}`);
    await lisi.getByRole('img', { name: '签到二维码' }).waitFor();
    const code = (await lisi.getByLabel('签到码').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);

    const zhangsan = await signedIn('zhangsan');
    await zhangsan.goto(`${env.app.baseUrl}/meeting/info?id=${id}`);
    await zhangsan.getByRole('link', { name: '签到', exact: true }).click();
    await zhangsan.waitForURL('**/meeting/scanCodePage?**');
    await zhangsan.getByPlaceholder('请输入签到码').fill(code);
    await zhangsan.getByRole('button', { name: '签到', exact: true }).click();
    await zhangsan.getByText('签到成功').first().waitFor();
    await zhangsan.waitForURL('**/meeting/info?**');

    // the organiser's live list picks the sign-in up without a reload
    await lisi.getByRole('region', { name: '已签到' }).getByText('张三').waitFor({ timeout: 10_000 });
  });
});
