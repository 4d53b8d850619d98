/// <reference lib="WebWorker" />

declare const self: ServiceWorkerGlobalScope;

/**
 * Receipts of shown and tapped notifications (POST /api/push/receipts). The token is the authority: no cookie, no
 * session. A receipt is kept in Cache Storage until the server has answered, so one made offline goes out at the next
 * chance: a few retries while the worker is awake, Background Sync where the browser has it, and the next push or tap.
 */
const CACHE = 'oa-push-receipts';
// the last try 30 s after the push: Background Sync fires on the browser's own network state, so a phone that lost
// only its data link for a few seconds (a tunnel, a lift) was otherwise left to the sync's retry minutes later
const RETRY_MS = [0, 2_000, 8_000, 20_000];

type Outcome = 'done' | 'retry';

const keyOf = (token: string, event: string) =>
  `${self.location.origin}/__push-receipt?event=${encodeURIComponent(event)}&token=${encodeURIComponent(token)}`;

async function post(token: string, event: string): Promise<Outcome> {
  try {
    const answer = await fetch('/api/push/receipts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, event }),
      credentials: 'omit',
      keepalive: true,
    });
    // 4xx: the server has it already (409) or will never take it (404, 400); only a failed request is worth another try
    return answer.status >= 500 ? 'retry' : 'done';
  } catch {
    return 'retry';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends every receipt still kept (those of earlier offline moments too); true when none is left. */
export async function flushReceipts(): Promise<boolean> {
  const cache = await caches.open(CACHE);
  let left = 0;
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    const outcome = await post(url.searchParams.get('token') ?? '', url.searchParams.get('event') ?? '');
    if (outcome === 'done') await cache.delete(request);
    else left += 1;
  }
  return left === 0;
}

/** Records one receipt and sends it, with a few retries while the worker is awake (call inside waitUntil). */
export async function sendReceipt(token: string, event: 'shown' | 'opened'): Promise<void> {
  if (!token) return;
  const cache = await caches.open(CACHE);
  await cache.put(keyOf(token, event), new Response(''));
  for (const wait of RETRY_MS) {
    await pause(wait);
    if (await flushReceipts()) return;
  }
  const sync = (self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
    .sync;
  await sync?.register('push-receipts').catch(() => undefined);
}

/** Background Sync, where the browser has it: the kept receipts go out when the device is online again. */
export function handleReceiptSync(): void {
  self.addEventListener('sync', ((event: ExtendableEvent & { tag: string }) => {
    if (event.tag !== 'push-receipts') return;
    event.waitUntil(
      flushReceipts().then((done) => {
        if (!done) throw new Error('receipts still kept: the browser retries the sync later');
      }),
    );
  }) as EventListener);
}
