import type { Page } from 'playwright-core';

/** Resolves once the page is controlled by the service worker (its first install precaches the whole build: under
 * the full suite's load on two cores that once took over 30 s). */
export const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

/** True once the signed-in session's query cache is in IndexedDB and holds `text`. */
export function cacheHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (needle) =>
      new Promise<boolean>((resolve) => {
        const uid = localStorage.getItem('oa.uid');
        const open = indexedDB.open('oa-query-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!uid || !db.objectStoreNames.contains('clients')) return resolve(false);
          const get = db.transaction('clients').objectStore('clients').get(`oa-query-cache:${uid}`);
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? '').includes(needle));
          get.onerror = () => resolve(false);
        };
      }),
    text,
  );
}
