import { expect } from 'vitest';
import { api, loginAs, type TestServer } from '../../factories/test-server';
import { deptOf, userId } from '../../factories/meeting-client';

/** 李四 books an online meeting two days ahead with 张三 invited; answers its id. */
export async function onlineMeetingWithZhangsan(app: TestServer, subject: string): Promise<string> {
  const organiser = api(app.baseUrl, await loginAs(app.baseUrl, 'lisi', '123456'));
  const created = await organiser.post<{ id: string }>('/api/meeting', {
    subject,
    onlineLink: 'https://meet.example.com/offline',
    startAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    endAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
    hostDeptId: deptOf('admin-office'),
    inviteeIds: [userId('zhangsan')],
  });
  expect(created.status, created.body.msg).toBe(200);
  return created.body.data.id;
}
