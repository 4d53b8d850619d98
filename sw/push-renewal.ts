/// <reference lib="WebWorker" />
import { readPushRecord, writePushRecord } from '../src/lib/push-subscription-record';

declare const self: ServiceWorkerGlobalScope;

interface SubscriptionChangeEvent extends ExtendableEvent {
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
}

const base64url = (buffer: ArrayBuffer | null) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

/**
 * The browser renewed (or lost) this device's push subscription: subscribe again with the same key if it did not,
 * and tell the server, authorised by the old endpoint and auth secret (the worker has no session). The old ones come
 * from the event or, when the browser gives none, from the record the page kept when push was turned on.
 */
async function renew(event: SubscriptionChangeEvent): Promise<void> {
  const record = await readPushRecord(self.location.origin);
  const old = event.oldSubscription?.toJSON();
  const oldEndpoint = old?.endpoint ?? record?.endpoint;
  const oldAuth = old?.keys?.auth ?? record?.keys.auth;
  const key = base64url(event.oldSubscription?.options.applicationServerKey ?? null) || record?.applicationServerKey;
  if (!oldEndpoint || !oldAuth || !key) return;
  const fresh =
    event.newSubscription ??
    (await self.registration.pushManager.getSubscription()) ??
    (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const subscription = fresh.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const answer = await fetch('/api/push/subscriptions/replace', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oldEndpoint, oldAuth, subscription }),
    credentials: 'omit',
  });
  if (answer.ok) await writePushRecord(self.location.origin, { ...subscription, applicationServerKey: key });
}

/** pushsubscriptionchange: keep pushing to this device after the browser renews its subscription. */
export function handleSubscriptionChange(): void {
  self.addEventListener('pushsubscriptionchange', ((event: SubscriptionChangeEvent) => {
    event.waitUntil(renew(event).catch(() => undefined));
  }) as EventListener);
}
