/// <reference lib="WebWorker" />
import { inAppPath, windowToFocus } from './notification-target';

/** What the server pushes (contract/push.ts PushPayload): from outside sw/ the worker imports only src/lib/file-cache.ts. */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

declare const self: ServiceWorkerGlobalScope;

function readPayload(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    return {
      title: typeof data?.title === 'string' && data.title ? data.title : '协同办公系统',
      body: typeof data?.body === 'string' ? data.body : '',
      url: inAppPath(data?.url),
      tag: typeof data?.tag === 'string' ? data.tag : '',
    };
  } catch {
    return { title: '协同办公系统', body: event.data?.text() ?? '', url: '/phonehome', tag: '' };
  }
}

/** Web Push: show the reminder (one per item: a newer one of the same tag replaces it), open the item on a tap. */
export function handlePushNotifications(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const payload = readPayload(event);
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag || undefined,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const url = inAppPath((event.notification.data as { url?: unknown } | null)?.url);
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
