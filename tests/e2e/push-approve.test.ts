import { afterAll, describe, expect, it } from 'vitest';
import type { Worker } from 'playwright-core';
import type { InstanceDetail } from '../../contract/flow';
import type { PushPayload } from '../../contract/push';
import { defId, forms } from '../factories/flow-client';
import { api, loginAs } from '../factories/test-server';
import { startPushReceiver } from '../factories/push-receiver';
import { controlled } from './support/offline';
import { pushInto } from './support/push';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

// as in push-receipts.test.ts: the local push service decrypts the server's push, and CDP hands it to the worker
const pushService = await startPushReceiver();
afterAll(() => pushService.close());
const env = useAppAndBrowser({ PUSH_ENDPOINT_ALLOWLIST: pushService.origin });

const apiAs = async (username: string) => api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));

/** The notifications the worker shows: title, body and buttons. */
const shown = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    return (await scope.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map((a) => ({
        action: a.action,
        title: a.title,
      })),
    }));
  });

/**
 * A tap on the notification's 同意 button. Chromium has no CDP command to tap one, so the event is dispatched in the
 * worker (as push-receipts.test.ts taps); a script's event refuses waitUntil (it is not trusted), so this one keeps the
 * promises the worker hands it and waits for them, as the browser would keep the worker alive. `again` taps the same
 * notification as the first time (it was closed by then): its data, so its Idempotency-Key, is the same.
 */
const tapApprove = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(e: Event): boolean;
      tapped?: Notification;
    };
    const { NotificationEvent } = self as unknown as {
      NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
    };
    scope.tapped ??= (await scope.registration.getNotifications())[0];
    const event = new NotificationEvent('notificationclick', { notification: scope.tapped!, action: 'approve' });
    const kept: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => kept.push(promise) });
    scope.dispatchEvent(event);
    await Promise.allSettled(kept);
  });

describe('同意 from a 待办 notification (Chromium)', () => {
  it('shows 同意 and 查看, approves the task once from the worker and says so in a follow-up notification', async () => {
    const page = await signedInOnPhone(env, 'lisi', { serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    await controlled(page);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const phone = pushService.subscribe();
    expect((await (await apiAs('lisi')).post('/api/push/subscriptions', phone.json)).status).toBe(200);

    const zhangsan = await apiAs('zhangsan');
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(2),
      channels: ['app'],
    });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;
    const payloadOf = () =>
      pushService.received
        .filter((p) => p.device === phone.name)
        .map((p) => p.payload as PushPayload)
        .find((p) => p.url === `/followWaitDetail?instanceId=${id}`) ?? null;
    await expect.poll(payloadOf, { timeout: 20_000 }).not.toBeNull();
    const payload = payloadOf()!;
    expect(payload.approve?.token).toBeTruthy();

    expect(await (await pushInto(page, env.app.baseUrl))(payload)).toBe('Success');
    await expect
      .poll(() => shown(worker), { timeout: 20_000 })
      .toEqual([
        {
          title: '待办：张三的请假',
          body: '请处理「张三的请假」',
          actions: [
            { action: 'approve', title: '同意' },
            { action: 'view', title: '查看' },
          ],
        },
      ]);

    // 同意 tapped twice: the second tap carries the notification's same Idempotency-Key
    const detail = async () => (await zhangsan.get<InstanceDetail>(`/api/flow/instances/${id}`)).body.data;
    await tapApprove(worker);
    await expect.poll(async () => (await detail()).status, { timeout: 20_000 }).toBe('approved');
    await expect
      .poll(() => shown(worker), { timeout: 20_000 })
      .toEqual([{ title: '已同意：张三的请假', body: '', actions: [] }]);

    await tapApprove(worker);
    // the replayed answer: the same follow-up again, and still one 同意 in the trace
    await expect
      .poll(() => shown(worker), { timeout: 20_000 })
      .toEqual([{ title: '已同意：张三的请假', body: '', actions: [] }]);
    const trace = (await detail()).trace;
    expect(trace.filter((e) => e.action === 'approve').map((e) => e.actorName)).toEqual(['李四']);
    await context.close();
  });

  it('a request withdrawn before the tap: the follow-up says 该申请已被发起人撤回 and nothing is approved', async () => {
    const page = await signedInOnPhone(env, 'lisi', { serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    await controlled(page);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const phone = pushService.subscribe();
    expect((await (await apiAs('lisi')).post('/api/push/subscriptions', phone.json)).status).toBe(200);
    const zhangsan = await apiAs('zhangsan');
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(1),
      channels: ['app'],
    });
    const id = started.body.data.id;
    const payloadOf = () =>
      pushService.received
        .filter((p) => p.device === phone.name)
        .map((p) => p.payload as PushPayload)
        .find((p) => p.url === `/followWaitDetail?instanceId=${id}`) ?? null;
    await expect.poll(payloadOf, { timeout: 20_000 }).not.toBeNull();
    expect(await (await pushInto(page, env.app.baseUrl))(payloadOf()!)).toBe('Success');
    await expect.poll(async () => (await shown(worker)).length, { timeout: 20_000 }).toBe(1);
    expect((await zhangsan.post(`/api/flow/instances/${id}/withdraw`, {})).status).toBe(200);

    await tapApprove(worker);
    await expect
      .poll(() => shown(worker), { timeout: 20_000 })
      .toEqual([{ title: '未能同意：张三的请假', body: '该申请已被发起人撤回', actions: [] }]);
    const detail = (await zhangsan.get<InstanceDetail>(`/api/flow/instances/${id}`)).body.data;
    expect(detail.status).toBe('withdrawn');
    expect(detail.trace.some((e) => e.action === 'approve')).toBe(false);
    await context.close();
  });
});
