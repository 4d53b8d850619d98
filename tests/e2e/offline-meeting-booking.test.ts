import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetings } from '../../server/db/schema';
import { api, loginAs } from '../factories/test-server';
import { at, deptOf, roomOf, userId } from '../factories/meeting-client';
import { signedInOnPhone, useAppAndBrowser } from './support/app';
import { QUEUED } from './support/offline';

// Issue 45 point 2: a booking made offline waits in the outbox; the room taken meanwhile, the refusal says so and
// 重新填写 opens the booking form filled as it was.

const env = useAppAndBrowser();

describe('预订会议 offline (360×640)', () => {
  it('queues the booking, and when the room was taken meanwhile says so and opens the form again filled', async () => {
    const stamp = Date.now();
    const subject = `离线预订-${stamp}`;
    // a day of its own in 2032, so no other booking stands in the way
    const day = new Date(Date.UTC(2032, 0, 1) + (stamp % 300) * 86_400_000).toISOString().slice(0, 10);
    const page = await signedInOnPhone(env, 'lisi', { serviceWorker: true });
    page.setDefaultTimeout(20_000);
    const context = page.context();
    // what lisi had typed (the form keeps it on the device), so the test need not pick people in the selector
    await page.evaluate(({ key, draft }) => localStorage.setItem(key, JSON.stringify(draft)), {
      key: `oa.draft.${userId('lisi')}.meeting.new`,
      draft: {
        subject,
        agenda: '',
        date: day,
        start: '15:00',
        end: '16:00',
        roomId: roomOf('第二会议室'),
        onlineLink: '',
        invitees: [{ id: userId('zhaoliu'), name: '赵六', realName: '赵六', popCode: 'user', parentId: null }],
        channels: [],
        materials: [],
      },
    });
    await page.goto(`${env.app.baseUrl}/meeting/addMeeting`);
    const subjectInput = page.getByPlaceholder('请输入会议主题');
    await expect.poll(() => subjectInput.inputValue()).toBe(subject);
    await page.getByText('第二会议室').first().waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: '预订会议' }).click();
    await page.getByText(QUEUED).waitFor();
    await page.getByText('1 项操作待同步').waitFor();
    // the meeting home lists it as waiting
    await page.getByText('待同步', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // meanwhile someone else books the room for that hour
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const first = await zhangsan.post('/api/meeting', {
      subject: `先到-${stamp}`,
      roomId: roomOf('第二会议室'),
      startAt: at(day, '15:00'),
      endAt: at(day, '16:00'),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhaoliu')],
    });
    expect(first.status, first.body.msg).toBe(200);

    await context.setOffline(false);
    const refusal = page.getByText(`已被「先到-${stamp}」预订`).first();
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toContain('预订「第二会议室」');
    const booked = await env.app.database.db.select().from(meetings).where(eq(meetings.subject, subject));
    expect(booked).toHaveLength(0);

    await page.getByRole('button', { name: '重新填写' }).first().click();
    await page.waitForURL('**/meeting/addMeeting?rebook=*');
    await expect.poll(() => page.getByPlaceholder('请输入会议主题').inputValue()).toBe(subject);
    await page.getByText('赵六').first().waitFor();
    await context.close();
  });
});
