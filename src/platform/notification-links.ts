/**
 * A tapped notification of an open app (sw/push-notifications.ts) asks the page to open the item: the router moves
 * in place, so the signed-in state, the offline cache and any half-typed form on other pages survive.
 */
export function followNotificationLinks(open: (path: string) => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: unknown } | null;
    if (data?.type !== 'OPEN_URL' || typeof data.url !== 'string' || !/^\/(?![/\\])/.test(data.url)) return;
    open(data.url);
  });
}
