import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingInvitees } from '../../server/db/schema';
import { userId } from '../factories/meeting-client';
import { signedInOnPhone, useAppAndBrowser } from './support/app';
import { onlineMeetingWithZhangsan } from './support/meeting';
import { QUEUED, sentWrites } from './support/offline';

// Issue 45 point 2: a meeting invitation answered offline waits in the outbox and reaches the server once.

const env = useAppAndBrowser();

describe('拒绝 a meeting offline (360×640)', () => {
  it('shows at once with its reason, waits in the outbox and lands exactly once when online', async () => {
    const stamp = Date.now();
    const subject = `离线拒绝-${stamp}`;
    const id = await onlineMeetingWithZhangsan(env.app, subject);

    const page = await signedInOnPhone(env, 'zhangsan', { serviceWorker: true });
    page.setDefaultTimeout(20_000);
    const context = page.context();
    const replies = sentWrites(context, `/api/meeting/${id}/response`);
    await page.goto(`${env.app.baseUrl}/meeting/info?id=${id}`);
    await page.getByText(subject).first().waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: '拒绝', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '拒绝邀请' });
    await dialog.getByPlaceholder('拒绝原因（选填）').fill('地铁上，当天出差');
    await dialog.getByRole('button', { name: '确定拒绝' }).click();
    await page.getByText(QUEUED).waitFor();
    await page.getByText('1 项操作待同步').waitFor();
    // the reply shows before it is sent, as the organiser will read it
    await page.getByText('拒绝原因：地铁上，当天出差').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const mine = async () =>
      (
        await env.app.database.db
          .select({ response: meetingInvitees.response, reason: meetingInvitees.declineReason })
          .from(meetingInvitees)
          .where(and(eq(meetingInvitees.meetingId, id), eq(meetingInvitees.userId, userId('zhangsan'))))
      )[0];
    expect(await mine()).toEqual({ response: 'pending', reason: null });

    await context.setOffline(false);
    await expect.poll(mine, { timeout: 30_000 }).toEqual({ response: 'declined', reason: '地铁上，当天出差' });
    await expect.poll(() => page.getByText(/项操作待同步/).count(), { timeout: 20_000 }).toBe(0);
    // after the replay's refetch the page shows the server's answer, the same one
    await page.getByText('拒绝原因：地铁上，当天出差').waitFor();
    // one Idempotency-Key, whoever sent it (the page or the worker's Background Sync)
    expect(replies.length).toBeGreaterThanOrEqual(1);
    expect(new Set(replies)).toHaveProperty('size', 1);
    await context.close();
  });
});
