/// <reference lib="WebWorker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { FILE_CACHE } from '../src/lib/file-cache';
import { IMAGE_CACHE, isFilePreview, isImageRequest } from './runtime-routes';
import { handlePushNotifications } from './push-notifications';
import { handleSyncAheadWakeups } from './sync-ahead-wakeup';
import { handleOutboxSync } from './outbox-sync';
import { precacheInParallel, type ManifestEntry } from './parallel-precache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: ManifestEntry[] };

// The whole build, revisioned by workbox-build's injectManifest (scripts/inject-sw.ts).
const precache = precacheInParallel(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Offline navigations get the app shell; API paths must reach the network and fail there, never get HTML.
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/service-worker\.js$/],
  }),
);

// File previews never change for a stored id; bounded so a few large PDFs cannot fill the quota. The cache is the
// page's per-user file cache (logout deletes it so the next person sees no previews).
registerRoute(
  ({ url, request }) => request.method === 'GET' && isFilePreview(url),
  new CacheFirst({
    cacheName: FILE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// Images that are not part of the build (avatars, news pictures). Authenticated API data is NOT cached here:
// it lives in IndexedDB, per user, and is deleted on logout.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isImageRequest(url, request.destination),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// A new worker waits until the user accepts 发现新版本 → 刷新, so one page never mixes old and new route pieces.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

handlePushNotifications();
handleSyncAheadWakeups();
handleOutboxSync();

clientsClaim();
