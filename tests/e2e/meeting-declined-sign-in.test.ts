import { describe, expect, it } from 'vitest';
import { api, loginAs } from '../factories/test-server';
import { deptOf, userId } from '../factories/meeting-client';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

describe('a declined invitee who comes (issue 47.5)', () => {
  it('is 已接受 and 已签到 on the organiser’s 参会人员 at 360×640, never 已拒绝 and 已签到', async () => {
    const organiser = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const created = await organiser.post<{ id: string }>('/api/meeting', {
      subject: '拒绝后又来的例会',
      onlineLink: 'https://meet.example.com/came-anyway',
      startAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      endAt: new Date(Date.now() + 65 * 60_000).toISOString(),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan'), userId('zhaoliu')],
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const declined = await zhangsan.post(`/api/meeting/${id}/response`, { response: 'declined' });
    expect(declined.status, declined.body.msg).toBe(200);
    // 张三 came after all: the organiser signs him in at the door
    const signed = await organiser.post(`/api/meeting/${id}/manual-sign-in`, { userIds: [userId('zhangsan')] });
    expect(signed.status, signed.body.msg).toBe(200);

    const page = await signedInOnPhone(env, 'lisi', { at: `/meeting/info?id=${id}` });
    const people = page.getByRole('region', { name: '参会人员' });
    const row = people.getByRole('listitem').filter({ hasText: '张三' });
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    expect(text).toContain('已签到');
    expect(text).toContain('已接受');
    expect(text).not.toContain('已拒绝');
  });
});
