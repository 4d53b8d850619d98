import { describe, expect, it } from 'vitest';
import { controlled } from './support/offline';
import { pushInto } from './support/push';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

describe('Web Push in the installed app (Chromium)', () => {
  it('shows a pushed reminder as a notification with its in-app link, grouped by tag', async () => {
    const page = await signedInOnPhone(env, 'zhangsan', { serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    await controlled(page);

    const deliver = await pushInto(page, env.app.baseUrl);

    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      );
    // Each push is read back once shown before the next is sent: fired back to back, Chromium sometimes stored the
    // first after the update of its tag (CI, two browser files at once), which says nothing about the app.
    expect(
      await deliver({
        title: '您有一条新的待办',
        body: '张三的请假申请等待您审批',
        url: '/followWaitDetail?id=1',
        tag: '/followWaitDetail?id=1',
      }),
    ).toBe('Success');
    await expect.poll(shown, { timeout: 20_000 }).toEqual([
      {
        title: '您有一条新的待办',
        body: '张三的请假申请等待您审批',
        tag: '/followWaitDetail?id=1',
        url: '/followWaitDetail?id=1',
      },
    ]);
    // a later push of the same tag replaces the notification instead of adding one
    expect(
      await deliver({
        title: '您有一条新的待办（已更新）',
        body: '张三补充了请假事由',
        url: '/followWaitDetail?id=1',
        tag: '/followWaitDetail?id=1',
      }),
    ).toBe('Success');
    const updated = {
      title: '您有一条新的待办（已更新）',
      body: '张三补充了请假事由',
      tag: '/followWaitDetail?id=1',
      url: '/followWaitDetail?id=1',
    };
    await expect.poll(shown, { timeout: 20_000 }).toEqual([updated]);
    expect(
      await deliver({ title: '会议提醒', body: '周五例会 15:00', url: 'https://evil.example.com/phish', tag: 'm-1' }),
    ).toBe('Success');
    await expect.poll(shown, { timeout: 20_000 }).toEqual(
      expect.arrayContaining([
        updated,
        // a link outside the app is never opened from a notification
        { title: '会议提醒', body: '周五例会 15:00', tag: 'm-1', url: '/phonehome' },
      ]),
    );
    expect(await shown()).toHaveLength(2);
    await context.close();
  });

  it('a tap with the app open routes that window to the item in place, through the worker’s own handler and real clients', async () => {
    const page = await signedInOnPhone(env, 'wangwu', { serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    await controlled(page);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // Chromium offers no way to tap a notification (no CDP command). A notificationclick dispatched in the worker runs
    // the app's listener on a real notification with the real `clients`: the open window is found and routed. Only
    // focus() and openWindow() need a real tap (user activation) and cannot be exercised here.
    const tap = (url: string, tag: string) =>
      worker.evaluate(
        async ([link, name]) => {
          // the worker's globals (the test's tsconfig has DOM types, not WebWorker ones)
          const scope = self as unknown as {
            registration: ServiceWorkerRegistration;
            dispatchEvent(event: Event): boolean;
          };
          const { NotificationEvent } = self as unknown as {
            NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
          };
          await scope.registration.showNotification('新邮件：季度预算', {
            body: '张三：请查看',
            tag: name,
            data: { url: link },
          });
          const [shown] = await scope.registration.getNotifications({ tag: name });
          scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown! }));
        },
        [url, tag] as const,
      );
    // a marker on the document tells an in-place route from a reload
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await tap('/myCenter/index', 'tap-1');
    await page.waitForURL('**/myCenter/index');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // the tapped notification is closed; a link out of the app lands on the home page instead
    expect(
      await worker.evaluate(
        async () =>
          (
            await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications({
              tag: 'tap-1',
            })
          ).length,
      ),
    ).toBe(0);
    await tap('https://evil.example.com/phish', 'tap-2');
    await page.waitForURL('**/phonehome');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.close();
  });

  it('asks for the notification permission only when 开启本机消息通知 is tapped, never on load', async () => {
    const page = await signedInOnPhone(env, 'lisi', { serviceWorker: true });
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
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '本机' }).textContent())
      .toBe('本机未开启消息通知');
    await expect.poll(() => page.getByRole('button', { name: '开启本机消息通知' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);
    await page.context().close();
  });
});
