import type { BrowserContext, Page } from 'playwright-core';

/** The toast a write made offline shows (src/ui/write-feedback.ts), written out as the person reads it. */
export const QUEUED = '已加入待同步队列，联网后自动提交';

/** Resolves once the page is controlled by the service worker (its first install precaches the whole build: under
 * the full suite's load on two cores that took over 60 s in CI). */
export const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });

/**
 * True once the signed-in session's query cache is in IndexedDB and holds `text`; with `keyStart`, in a query whose key
 * begins with it (another screen's query may hold the same text and be saved first).
 */
export function cacheHolds(page: Page, text: string, keyStart?: readonly unknown[]): Promise<boolean> {
  return page.evaluate(
    ({ needle, prefix }) =>
      new Promise<boolean>((resolve) => {
        const uid = localStorage.getItem('oa.uid');
        const open = indexedDB.open('oa-query-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!uid || !db.objectStoreNames.contains('clients')) return resolve(false);
          const get = db.transaction('clients').objectStore('clients').get(`oa-query-cache:${uid}`);
          get.onsuccess = () => {
            const saved = get.result as { clientState?: { queries?: { queryKey: unknown[]; state: unknown }[] } };
            if (!prefix) return resolve(JSON.stringify(saved ?? '').includes(needle));
            const start = JSON.stringify(prefix).slice(0, -1);
            resolve(
              (saved?.clientState?.queries ?? []).some(
                (q) => JSON.stringify(q.queryKey).startsWith(start) && JSON.stringify(q.state).includes(needle),
              ),
            );
          };
          get.onerror = () => resolve(false);
        };
      }),
    { needle: text, prefix: keyStart },
  );
}

/**
 * The Idempotency-Keys of every `method` write to a path ending in `path` the context sends: the page may replay a
 * queued write alone, or the service worker's Background Sync in a batch (POST /api/outbox/batch).
 */
export function sentWrites(context: BrowserContext, path: string, method: 'POST' | 'PUT' = 'POST'): string[] {
  const keys: string[] = [];
  context.on('requestfinished', (request) => {
    if (request.method() === method && request.url().endsWith(path))
      keys.push(request.headers()['idempotency-key'] ?? '');
    if (request.method() === 'POST' && request.url().endsWith('/api/outbox/batch')) {
      const { items } = request.postDataJSON() as { items: { method?: string; url: string; idempotencyKey: string }[] };
      for (const item of items)
        if ((item.method ?? 'POST') === method && item.url.endsWith(path)) keys.push(item.idempotencyKey);
    }
  });
  return keys;
}
