/// <reference lib="WebWorker" />
import { OUTBOX_BATCH_MAX, OUTBOX_BATCH_PATH, type OutboxBatchResult } from '../contract/outbox';
import { OUTBOX_REPLAY_LOCK, OUTBOX_SYNC_TAG, readOutboxAuthority } from '../src/lib/outbox-authority';
import { deleteEntry, isWaiting, readEntries, writeEntry, type OutboxEntry } from '../src/offline/outbox-store';
import { recordSent } from '../src/offline/sent-history';

declare const self: ServiceWorkerGlobalScope;

type SyncEvent = ExtendableEvent & { tag: string };

const retryLater = (status: number, msg: string) =>
  status >= 500 || status === 429 || (status === 409 && msg === '请求正在处理中');

function refusalOf(data: unknown): OutboxEntry['refusal'] {
  const d = data as Partial<NonNullable<OutboxEntry['refusal']>> | null;
  return d && typeof d.actorName === 'string' && typeof d.at === 'string' && typeof d.actionText === 'string'
    ? { actorName: d.actorName, at: d.at, actionText: d.actionText }
    : undefined;
}

/**
 * Sends the queued writes of the person who queued them, with no page open: those without files to upload (a file
 * write waits for the page, which uploads it first), in order, in one batch. Each answer settles its write as the
 * page's replay would: applied → gone (noted in the 已同步 history), refused → kept as a conflict with the server's
 * words. Rejects when a write must be tried again later (no network, a busy server), so the browser retries the sync;
 * 401 waits for a sign-in.
 */
export async function sendQueuedWrites(fetchFn: typeof fetch = fetch): Promise<void> {
  const authority = await readOutboxAuthority();
  if (!authority) return;
  const all = await readEntries(authority.userKey);
  const waiting = all.filter(isWaiting);
  const end = waiting.findIndex((e) => e.files.length > 0);
  const entries = waiting.slice(0, end < 0 ? waiting.length : end).slice(0, OUTBOX_BATCH_MAX);
  if (!entries.length) return;
  const answer = await fetchFn(`${authority.baseUrl}${OUTBOX_BATCH_PATH}`, {
    method: 'POST',
    headers: { uid: authority.uid, 'content-type': 'application/json;charset=UTF-8' },
    body: JSON.stringify({
      items: entries.map((e) => ({ method: e.method, url: e.url, body: e.body, idempotencyKey: e.idempotencyKey })),
    }),
  });
  if (answer.status === 401) return;
  if (!answer.ok) throw new Error(`outbox batch answered ${answer.status}`);
  const { data } = (await answer.json()) as { data: { results: OutboxBatchResult[] } };
  const byKey = new Map(data.results.map((r) => [r.idempotencyKey, r]));
  try {
    for (const entry of entries) {
      const result = byKey.get(entry.idempotencyKey);
      if (!result || result.status === 0) return;
      if (result.status >= 200 && result.status < 300) {
        await deleteEntry(entry.id);
        // the page's 已同步 list shows it as if the page had sent it; losing that note must not stop the batch
        await recordSent(entry).catch(() => undefined);
      } else if (retryLater(result.status, result.msg)) throw new Error(`queued write answered ${result.status}`);
      else if (result.status === 401) return;
      else {
        const refusal = refusalOf(result.data);
        await writeEntry({
          ...entry,
          status: 'conflict',
          attempts: entry.attempts + 1,
          error: result.msg || '请求失败',
          ...(refusal ? { refusal } : {}),
        });
      }
    }
  } finally {
    // open pages (if any) re-read the outbox
    if (typeof BroadcastChannel !== 'undefined') new BroadcastChannel('oa-outbox').postMessage('change');
  }
}

/** One sender at a time: an open page's own replay and the worker's never send the same write at once. */
function sendLocked(fetchFn: typeof fetch): Promise<void> {
  const locks = (self.navigator as WorkerNavigator & { locks?: LockManager }).locks;
  if (!locks) return sendQueuedWrites(fetchFn);
  return locks.request(OUTBOX_REPLAY_LOCK, () => sendQueuedWrites(fetchFn)).then(() => undefined);
}

/**
 * Background Sync (Chromium) wakes the worker when the network returns, even with the app closed. Browsers without it
 * (Safari, Firefox) wake the worker for each push and, where offered, for the periodic sync: a push reached the phone,
 * so the network is there, and the queue goes with it.
 */
export function handleOutboxSync(fetchFn: typeof fetch = (input, init) => fetch(input, init)): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(sendLocked(fetchFn));
  });
  // a failed try waits for the next wake-up (or the page): it must not fail the push's own notification
  const onWake = (event: ExtendableEvent) => event.waitUntil(sendLocked(fetchFn).catch(() => undefined));
  self.addEventListener('push', onWake);
  self.addEventListener('periodicsync', onWake as EventListener);
}
