import { expect } from 'vitest';
import { api, loginAs, type TestServer } from '../../factories/test-server';
import { at, deptOf, shanghaiDayFromToday, userId } from '../../factories/meeting-client';

/** Shanghai's date two days from now, at 10:00 and 11:00 there: an hour that never crosses midnight. */
function twoDaysAheadAtTen(): { startAt: string; endAt: string } {
  const day = shanghaiDayFromToday(2);
  return { startAt: at(day, '10:00'), endAt: at(day, '11:00') };
}

/**
 * 李四 books an online meeting two days ahead, 10:00–11:00 in Shanghai, with 张三 invited; answers its id. A fixed
 * hour, because a form reopened on a meeting that ran past midnight reads its end as before its start.
 */
export async function onlineMeetingWithZhangsan(app: TestServer, subject: string): Promise<string> {
  const organiser = api(app.baseUrl, await loginAs(app.baseUrl, 'lisi', '123456'));
  const created = await organiser.post<{ id: string }>('/api/meeting', {
    subject,
    onlineLink: 'https://meet.example.com/offline',
    ...twoDaysAheadAtTen(),
    hostDeptId: deptOf('admin-office'),
    inviteeIds: [userId('zhangsan')],
  });
  expect(created.status, created.body.msg).toBe(200);
  return created.body.data.id;
}
