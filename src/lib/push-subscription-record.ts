/**
 * This device's push subscription as the server was told it, kept in Cache Storage (which the page and the service
 * worker both reach; localStorage is the page's only). The service worker needs it on pushsubscriptionchange, when
 * the browser may no longer give the old subscription (event.oldSubscription is often null): its endpoint and auth
 * secret authorise moving the device to the new one (POST /api/push/subscriptions/replace), its key to subscribe again.
 */
export interface PushSubscriptionRecord {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** the server's VAPID public key (base64url) the subscription was made with */
  applicationServerKey: string;
}

const CACHE = 'oa-push-subscription';
const keyUrl = (origin: string) => `${origin}/__push-subscription`;

export async function readPushRecord(origin: string): Promise<PushSubscriptionRecord | null> {
  try {
    const found = await (await caches.open(CACHE)).match(keyUrl(origin));
    return found ? ((await found.json()) as PushSubscriptionRecord) : null;
  } catch {
    return null;
  }
}

export async function writePushRecord(origin: string, record: PushSubscriptionRecord | null): Promise<void> {
  const cache = await caches.open(CACHE);
  if (record) await cache.put(keyUrl(origin), new Response(JSON.stringify(record)));
  else await cache.delete(keyUrl(origin));
}

/** Whether this device keeps a record (push was turned on here): a cheap look for the home page's first load. */
export async function hasPushRecord(origin: string): Promise<boolean> {
  try {
    return Boolean(await (await caches.open(CACHE)).match(keyUrl(origin)));
  } catch {
    // no Cache Storage (an insecure origin, an old browser): push was never on here either
    return false;
  }
}
