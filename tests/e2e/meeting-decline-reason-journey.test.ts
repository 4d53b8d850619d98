import { describe, expect, it } from 'vitest';
import { api, loginAs } from '../factories/test-server';
import { deptOf, userId } from '../factories/meeting-client';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

// Issue 47 point 5: 拒绝 asks for an optional reason, and the organiser reads it in the 参会人 list.

const env = useAppAndBrowser();

describe('declining a meeting with a reason (issue 47.5)', () => {
  it('张三 declines with a reason in the dialog at 360×640; 李四 reads it beside 已拒绝', async () => {
    const organiser = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const created = await organiser.post<{ id: string }>('/api/meeting', {
      subject: '下周预算评审',
      onlineLink: 'https://meet.example.com/budget',
      startAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      endAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan'), userId('zhaoliu')],
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;

    const invitee = await signedInOnPhone(env, 'zhangsan', { at: `/meeting/info?id=${id}` });
    const decline = invitee.getByRole('button', { name: '拒绝', exact: true });
    const dialog = invitee.getByRole('dialog').filter({ hasText: '拒绝邀请' });
    // 取消 keeps the invitation as it was
    await decline.click({ timeout: 20_000 });
    await dialog.getByRole('button', { name: '取消' }).click({ timeout: 10_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await decline.click();
    await dialog.waitFor({ timeout: 10_000 });
    // nothing is sent before the reason is confirmed
    expect(await invitee.getByText('已拒绝', { exact: true }).count()).toBe(0);
    await dialog.getByPlaceholder('拒绝原因（选填）').fill('当天在外地出差');
    await dialog.getByRole('button', { name: '确定拒绝' }).click();
    await invitee.getByText('已拒绝邀请').waitFor({ timeout: 15_000 });
    const answers = await organiser.get<{ participants: { name: string; response: string }[] }>(`/api/meeting/${id}`);
    expect(answers.body.data.participants.filter((p) => p.response === 'declined').map((p) => p.name)).toEqual([
      '张三',
    ]);
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });

    const page = await signedInOnPhone(env, 'lisi', { at: `/meeting/info?id=${id}` });
    const row = page.getByRole('region', { name: '参会人员' }).getByRole('listitem').filter({ hasText: '张三' });
    await row.getByText('拒绝原因：当天在外地出差').waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('已拒绝');
    // the reason fits the phone: it wraps inside the row instead of running off the screen
    const box = await row.getByText('拒绝原因：当天在外地出差').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    // 赵六 has not answered: no reason line on his row
    const other = page.getByRole('region', { name: '参会人员' }).getByRole('listitem').filter({ hasText: '赵六' });
    expect(await other.getByText('拒绝原因', { exact: false }).count()).toBe(0);
  });
});
