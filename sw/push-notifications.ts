/// <reference lib="WebWorker" />
import type { PushPayload } from '../contract/push';
import { inAppPath, windowToFocus } from './notification-target';
import { APPROVE_ACTIONS, approveDataOf, approveFromNotification, type ApproveData } from './notification-approve';
import { flushReceipts, handleReceiptSync, sendReceipt } from './push-receipts';
import { handleSubscriptionChange } from './push-renewal';

declare const self: ServiceWorkerGlobalScope;

function readPayload(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    return {
      title: typeof data?.title === 'string' && data.title ? data.title : '协同办公系统',
      body: typeof data?.body === 'string' ? data.body : '',
      url: inAppPath(data?.url),
      tag: typeof data?.tag === 'string' ? data.tag : '',
      receipt: typeof data?.receipt === 'string' ? data.receipt : '',
      badge: typeof data?.badge === 'number' && data.badge >= 0 ? Math.floor(data.badge) : -1,
      approve: data?.approve,
    };
  } catch {
    return {
      title: '协同办公系统',
      body: event.data?.text() ?? '',
      url: '/phonehome',
      tag: '',
      receipt: '',
      badge: -1,
    };
  }
}

/** The app icon's badge: the receiver's 待办 count the push carried (not every browser has the Badging API). */
async function setBadge(count: number): Promise<void> {
  const badging = self.navigator as WorkerNavigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  if (count < 0) return;
  await (count ? badging.setAppBadge?.(count) : badging.clearAppBadge?.())?.catch(() => undefined);
}

/**
 * Web Push: show the reminder (one per item: a newer one of the same tag replaces it), report it shown and set the
 * icon badge; open the item on a tap and report it opened; follow a renewed subscription.
 */
export function handlePushNotifications(): void {
  handleReceiptSync();
  handleSubscriptionChange();

  self.addEventListener('push', (event: PushEvent) => {
    const payload = readPayload(event);
    const approve = approveDataOf(payload.approve);
    event.waitUntil(
      (async () => {
        await self.registration.showNotification(payload.title, {
          body: payload.body,
          tag: payload.tag || undefined,
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          data: { url: payload.url, receipt: payload.receipt, approve },
          // 同意 and 查看 only on a 待办 the server said needs no input (browsers without buttons show the body alone)
          ...(approve ? { actions: APPROVE_ACTIONS } : {}),
        } as NotificationOptions);
        // only once it is on screen: the receipt is the server's one proof that the reminder reached this device
        await Promise.all([
          setBadge(payload.badge),
          payload.receipt ? sendReceipt(payload.receipt, 'shown') : flushReceipts(),
        ]);
      })(),
    );
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown; receipt?: unknown; approve?: ApproveData | null } | null;
    const url = inAppPath(data?.url);
    // beside the navigation, not before it: focus() and openWindow() must come while the tap still counts
    if (typeof data?.receipt === 'string' && data.receipt)
      event.waitUntil(sendReceipt(data.receipt, 'opened').catch(() => undefined));
    // 同意 on the notification: approved where it is, the app stays closed; 查看 and the body open the item
    if (event.action === 'approve' && data?.approve) {
      event.waitUntil(approveFromNotification(event.notification, data.approve, url));
      return;
    }
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windowToFocus(windows, self.location.origin);
        if (open) {
          // the app routes in place: no reload, the signed-in state and the offline cache stay as they are
          open.postMessage({ type: 'OPEN_URL', url });
          await open.focus();
          return;
        }
        // a cold start: the route guard keeps the target through a login in between
        await self.clients.openWindow(url);
      })(),
    );
  });
}
