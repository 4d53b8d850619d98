import { describe, expect, it } from 'vitest';
import { controlled } from './support/offline';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

describe('Web Push in the installed app (Chromium)', () => {
  it('shows a pushed reminder as a notification with its in-app link, grouped by tag', async () => {
    const page = await signedInOnPhone(env, 'zhangsan');
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    await controlled(page);

    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(env.app.baseUrl) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const deliver = (payload: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin: env.app.baseUrl, registrationId, data: JSON.stringify(payload) });

    await deliver({ title: '您有一条新的待办', body: '张三的请假申请等待您审批', url: '/followWaitDetail?id=1', tag: '/followWaitDetail?id=1' });
    await deliver({ title: '您有一条新的待办（已更新）', body: '张三补充了请假事由', url: '/followWaitDetail?id=1', tag: '/followWaitDetail?id=1' });
    await deliver({ title: '会议提醒', body: '周五例会 15:00', url: 'https://evil.example.com/phish', tag: 'm-1' });

    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })),
      );
    await expect.poll(async () => (await shown()).length, { timeout: 20_000 }).toBe(2);
    expect(await shown()).toEqual(
      expect.arrayContaining([
        { title: '您有一条新的待办（已更新）', body: '张三补充了请假事由', tag: '/followWaitDetail?id=1', url: '/followWaitDetail?id=1' },
        // a link outside the app is never opened from a notification
        { title: '会议提醒', body: '周五例会 15:00', tag: 'm-1', url: '/phonehome' },
      ]),
    );
    await context.close();
  });

  it('asks for the notification permission only when 开启本机消息通知 is tapped, never on load', async () => {
    const page = await signedInOnPhone(env, 'lisi');
    await page.context().addInitScript(() => {
      (window as unknown as { permissionAsks: number }).permissionAsks = 0;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (() => {
        (window as unknown as { permissionAsks: number }).permissionAsks += 1;
        return ask();
      }) as typeof Notification.requestPermission;
    });
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    await controlled(page);
    await page.getByText('消息通知', { exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: '本机' }).textContent()).toBe('本机未开启消息通知');
    await expect.poll(() => page.getByRole('button', { name: '开启本机消息通知' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);
    await page.context().close();
  });
});
