import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryReport } from '../../contract/message';
import type { PushPayload } from '../../contract/push';
import type { SelectorNode } from '../../contract/upms';
import { api, loginAs } from '../factories/test-server';
import { startPushReceiver } from '../factories/push-receiver';
import { controlled } from './support/offline';
import { pushInto } from './support/push';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

// the server pushes to a local push service that decrypts what it gets; Chromium's own push service is not reachable
// here, so the decrypted payload is handed to the app's service worker through CDP, as the push service would
const pushService = await startPushReceiver();
afterAll(() => pushService.close());
const env = useAppAndBrowser({ PUSH_ENDPOINT_ALLOWLIST: pushService.origin });
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile';

const apiAs = async (username: string, password = '123456') =>
  api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, password));

async function idOf(name: string) {
  const admin = await apiAs('admin', 'admin123');
  const found = await admin.get<SelectorNode[]>(
    `/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(name)}`,
  );
  return found.body.data[0]!.id;
}

/** A message from admin to one person on the app channel; its id and the push the local push service decrypted. */
async function remind(title: string, receiver: string) {
  const admin = await apiAs('admin', 'admin123');
  const sent = await admin.post<{ id: string }>('/api/upms/message/send', {
    title,
    content: `${title}，请及时处理。`,
    receiverIds: [await idOf(receiver)],
    channels: ['app'],
    link: '/myCenter/index',
  });
  expect(sent.status, sent.body.msg).toBe(200);
  const payloadOf = () =>
    pushService.received.map((p) => p.payload as PushPayload).find((p) => p.title === title) ?? null;
  await expect.poll(payloadOf, { timeout: 20_000 }).not.toBeNull();
  const report = async () =>
    (await admin.get<DeliveryReport>(`/api/message/${sent.body.data.id}/deliveries`)).body.data;
  return { payload: payloadOf()!, report };
}

describe('device receipts from the service worker (Chromium)', () => {
  it('the worker reports a shown push and a tap; the report and 我的 → 消息通知 then say so', async () => {
    const page = await signedInOnPhone(env, 'zhaoliu', { serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    await controlled(page);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // the Badging API is the browser's: record what the worker asks of it
    await worker.evaluate(() => {
      const scope = self as unknown as { badgeCalls: number[]; navigator: object };
      scope.badgeCalls = [];
      const proto = Object.getPrototypeOf(scope.navigator) as Record<string, unknown>;
      proto.setAppBadge = (n: number) => (scope.badgeCalls.push(n), Promise.resolve());
      proto.clearAppBadge = () => (scope.badgeCalls.push(0), Promise.resolve());
    });

    // this person's phone, as the browser would have subscribed it (its endpoint at the local push service)
    const phone = pushService.subscribe();
    const zhaoliu = await apiAs('zhaoliu');
    const subscribed = await zhaoliu.post('/api/push/subscriptions', phone.json, { 'user-agent': ANDROID_CHROME });
    expect(subscribed.status, subscribed.body.msg).toBe(200);

    const { payload, report } = await remind('请审批：差旅报销（回执）', '赵六');
    const person = async () => (await report()).people[0]!.channels[0]!;
    // handed to the push service (the sender records it once the service has answered), no device has said anything
    await expect.poll(async () => (await person()).text, { timeout: 20_000 }).toBe('推送未确认');

    const deliver = await pushInto(page, env.app.baseUrl);
    expect(await deliver(payload)).toBe('Success');
    await expect.poll(async () => (await person()).state, { timeout: 30_000 }).toBe('shown');
    expect((await person()).text).toMatch(/^已送达 \d\d:\d\d:\d\d$/);
    expect((await report()).summary).toBe('APP 已送达 1 人');
    expect(await worker.evaluate(() => (self as unknown as { badgeCalls: number[] }).badgeCalls)).toEqual([
      payload.badge,
    ]);

    // 我的 → 消息通知: the device and the last notification it showed
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    await page.getByText('消息通知', { exact: true }).click();
    const devices = page.getByRole('region', { name: '接收通知的设备' });
    await expect
      .poll(() => devices.innerText(), { timeout: 20_000 })
      .toMatch(/Android · Chrome\s+最近送达：请审批：差旅报销（回执）（\d\d-\d\d \d\d:\d\d）/);

    // a tap on the notification (dispatched in the worker: Chromium has no CDP command to tap one) reports it opened
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      const { NotificationEvent } = self as unknown as {
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [shown] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown! }));
    });
    await expect.poll(async () => (await person()).state, { timeout: 30_000 }).toBe('opened');
    expect((await person()).text).toMatch(/^已查看 \d\d:\d\d$/);
    await context.close();
  });

  it('a receipt made offline goes out once the device is online again', async () => {
    const page = await signedInOnPhone(env, 'sunqi', { serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    await controlled(page);
    const phone = pushService.subscribe();
    await (await apiAs('sunqi')).post('/api/push/subscriptions', phone.json);
    const { payload, report } = await remind('会议提醒：离线回执', '孙琪');
    const state = async () => (await report()).people[0]!.channels[0]!.state;
    // the sender records the push once the push service has answered (on a busy machine after the payload arrived)
    await expect.poll(state, { timeout: 20_000 }).toBe('unconfirmed');
    const deliver = await pushInto(page, env.app.baseUrl);
    await context.setOffline(true);
    // its handler settles only once the receipt is out: here, after the device is online again
    expect(await deliver(payload, { settled: false })).toBe('dispatched');
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length), {
        timeout: 30_000,
      })
      .toBe(1);
    // past the worker's first retry (2 s after the first try): offline, nothing reached the server
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await state()).toBe('unconfirmed');
    await context.setOffline(false);
    await expect.poll(state, { timeout: 30_000 }).toBe('shown');
    await context.close();
  });

  it('a subscription the push service dropped shows 本机消息推送已失效 on the home page at the next open', async () => {
    const page = await signedInOnPhone(env, 'zhoujie', { serviceWorker: true });
    await controlled(page);
    const phone = pushService.subscribe();
    await (await apiAs('zhoujie')).post('/api/push/subscriptions', phone.json);
    // what turning push on in this browser keeps (src/lib/push-subscription-record.ts)
    await page.evaluate(async (json) => {
      const cache = await caches.open('oa-push-subscription');
      await cache.put(
        `${location.origin}/__push-subscription`,
        new Response(JSON.stringify({ ...json, applicationServerKey: 'x' })),
      );
    }, phone.json);
    const banner = page.getByRole('button', { name: '本机消息推送已失效，点此重新开启' });
    await page.reload();
    await page.getByRole('heading', { name: '消息提醒' }).waitFor();
    expect(await banner.count()).toBe(0);

    pushService.answer(phone.name, 410);
    const admin = await apiAs('admin', 'admin123');
    await admin.post('/api/upms/message/send', {
      title: '推送失效测试',
      content: '',
      receiverIds: [await idOf('周杰')],
      channels: ['app'],
    });
    const zhoujie = await apiAs('zhoujie');
    await expect
      .poll(async () => (await zhoujie.get<string[]>('/api/push/dropped')).body.data, { timeout: 20_000 })
      .toEqual([phone.json.endpoint]);
    await page.reload();
    await banner.waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it('pushsubscriptionchange: the worker moves this device to its renewed subscription, without a session', async () => {
    const page = await signedInOnPhone(env, 'lisi', { serviceWorker: true });
    const context = page.context();
    await controlled(page);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const old = pushService.subscribe();
    const lisi = await apiAs('lisi');
    await lisi.post('/api/push/subscriptions', old.json);
    // what turning push on here kept; Chromium gives the event no old subscription, so the worker reads this
    await page.evaluate(async (json) => {
      const cache = await caches.open('oa-push-subscription');
      await cache.put(
        `${location.origin}/__push-subscription`,
        new Response(JSON.stringify({ ...json, applicationServerKey: 'key' })),
      );
    }, old.json);
    const renewed = pushService.subscribe();
    // Chromium cannot be made to renew a subscription: the event is dispatched in the worker, as the browser would
    await worker.evaluate((json) => {
      const scope = self as unknown as { dispatchEvent(e: Event): boolean };
      const { ExtendableEvent } = self as unknown as { ExtendableEvent: new (type: string) => Event };
      const event = new ExtendableEvent('pushsubscriptionchange');
      Object.defineProperties(event, {
        oldSubscription: { value: null },
        newSubscription: { value: { endpoint: json.endpoint, toJSON: () => json } },
      });
      scope.dispatchEvent(event);
    }, renewed.json);
    const endpoints = async () =>
      (await lisi.get<{ endpoint: string }[]>('/api/push/subscriptions')).body.data.map((d) => d.endpoint);
    await expect.poll(endpoints, { timeout: 20_000 }).toEqual([renewed.json.endpoint]);
    // the record follows (the worker writes it after the server answers), so a second renewal is authorised by it
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const cache = await caches.open('oa-push-subscription');
            const kept = await cache.match(`${location.origin}/__push-subscription`);
            return ((await kept?.json()) as { endpoint: string } | undefined)?.endpoint;
          }),
        { timeout: 20_000 },
      )
      .toBe(renewed.json.endpoint);
    await context.close();
  });
});
