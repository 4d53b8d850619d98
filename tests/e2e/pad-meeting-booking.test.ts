import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAs } from '../factories/test-server';
import { at, deptOf, roomOf, userId } from '../factories/meeting-client';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';
import { pickDate } from './support/pickers';
import { docsScreenshot } from './support/docs-screenshot';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

// a day the form opens on (its slot then starts at 10:00) and the day whose bookings the timeline should show
const OPENED = '2032-03-08';
const BOOKED = '2032-03-09';

beforeAll(async () => {
  const lisi = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
  for (const [subject, room, from, to] of [
    ['平板时间轴评审', '第二会议室', '14:00', '15:00'],
    ['平板另一会议室例会', '第一会议室', '16:00', '17:30'],
  ] as const) {
    const created = await lisi.post('/api/meeting', {
      subject,
      roomId: roomOf(room),
      startAt: at(BOOKED, from),
      endAt: at(BOOKED, to),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan')],
    });
    expect(created.status, created.body.msg).toBe(200);
  }
});

const roomChip = (page: Page, room: string) =>
  page.getByRole('list', { name: '会议室' }).getByRole('button', { name: new RegExp(room) });
const timeline = (page: Page) => page.getByRole('region', { name: '会议室当日占用' });

describe.each([
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
])('预订会议 on a tablet at $width×$height', ({ width, height }) => {
  it('the chosen room’s day stands beside the form and follows its date and room', async () => {
    const page = await onIpad('zhangsan', { width, height }, `/meeting/addMeeting?date=${OPENED}`);
    await timeline(page).getByText('选择会议室后，这里显示它当日的预订情况').waitFor({ timeout: 20_000 });

    await pickDate(page, '会议日期', BOOKED);
    await roomChip(page, '第二会议室').click();
    await timeline(page).getByText('平板时间轴评审').waitFor({ timeout: 20_000 });
    await timeline(page).getByText('14:00–15:00').waitFor();
    expect(await timeline(page).getByRole('heading').innerText()).toContain(`第二会议室 ${BOOKED}`);
    expect(await timeline(page).locator('.meeting-timeline-busy').count()).toBe(1);
    expect(await timeline(page).getByText('平板另一会议室例会').count()).toBe(0);

    // beside, not below: the day starts right of the form and stays in view however far the form is scrolled
    const form = (await page.getByPlaceholder('请输入会议主题').boundingBox())!;
    const day = (await timeline(page).boundingBox())!;
    expect(day.x).toBeGreaterThanOrEqual(form.x + form.width);
    expect(day.y).toBeGreaterThanOrEqual(0);
    expect(day.y + day.height).toBeLessThanOrEqual(height);
    if (width === 1024) await docsScreenshot(page, 'pad-meeting-booking');

    await roomChip(page, '第一会议室').click();
    await timeline(page).getByText('平板另一会议室例会').waitFor();
    await timeline(page).getByText('16:00–17:30').waitFor();
    expect(await timeline(page).getByText('平板时间轴评审').count()).toBe(0);

    await pickDate(page, '会议日期', OPENED);
    await timeline(page).getByText('当日暂无预订').waitFor();
    expect(await timeline(page).getByRole('heading').innerText()).toContain(`第一会议室 ${OPENED}`);
  });
});

describe('one column (iPad split view, 507×1024)', () => {
  it('the form alone, as on a phone', async () => {
    const page = await onIpad('zhangsan', { width: 507, height: 1024 }, `/meeting/addMeeting?date=${BOOKED}`);
    await roomChip(page, '第二会议室').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: '预订会议', exact: true }).waitFor();
    expect(await timeline(page).count()).toBe(0);
  });
});
