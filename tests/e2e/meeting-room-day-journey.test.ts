import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAs } from '../factories/test-server';
import { deptOf, roomOf, userId } from '../factories/meeting-client';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

/** Where each chip of a filter group sits, and whether the group holds them without a second line or a scroll. */
const chipGroup = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).evaluate((group) => ({
    tops: [...group.querySelectorAll('button')].map((b) => Math.round(b.getBoundingClientRect().top)),
    fits: group.scrollWidth <= group.clientWidth,
  }));

describe('会议室 day at 360×640 (issue 47.5)', () => {
  it('shows a 21:00 booking on the room’s timeline, and each filter group on one line', async () => {
    const organiser = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const created = await organiser.post<{ id: string }>('/api/meeting', {
      subject: '晚间版本发布会',
      roomId: roomOf('第二会议室'),
      startAt: '2031-06-10T21:00:00+08:00',
      endAt: '2031-06-10T22:00:00+08:00',
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan')],
    });
    expect(created.status, created.body.msg).toBe(200);

    const page = await signedInOnPhone(env, 'lisi', { at: '/meeting/room?date=2031-06-10' });
    const timeline = page.getByLabel('第二会议室当日占用');
    await timeline.waitFor({ timeout: 20_000 });
    // the evening booking is a mark of one hour's width at 21:00 of a 24-hour bar
    const mark = await timeline.evaluate((line) => {
      const bar = line.querySelector('.meeting-timeline-bar')!.getBoundingClientRect();
      const busy = [...line.querySelectorAll('.meeting-timeline-busy')].find((b) =>
        b.getAttribute('title')?.includes('晚间版本发布会'),
      );
      const box = busy?.getBoundingClientRect();
      return box ? { left: (box.left - bar.left) / bar.width, width: box.width / bar.width } : null;
    });
    expect(mark).not.toBeNull();
    expect(mark!.left).toBeCloseTo(21 / 24, 2);
    expect(mark!.width).toBeCloseTo(1 / 24, 2);
    expect(await timeline.innerText()).toMatch(/00:00[\s\S]*24:00/);

    for (const label of ['容纳人数', '设备']) {
      const group = await chipGroup(page, label);
      expect(new Set(group.tops).size, `${label}: one line`).toBe(1);
      expect(group.fits, `${label}: no scrolling at 360 px`).toBe(true);
    }
  });
});
