import { createStore } from '@/lib/store';
import { checkForUpdatesNowAndThen } from './update-checks';

/** True while a new version is installed and waiting for the user to accept it. */
export const swUpdateStore = createStore<boolean>(false);

let registration: ServiceWorkerRegistration | null = null;

/**
 * Registers /service-worker.js in production builds. A new worker waits (no skipWaiting of its own) until the user
 * accepts 发现新版本; the page then reloads exactly once so old and new route pieces never mix.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return;
  // registered at idle, after the first page and its route pieces: the first install precaches the whole build and
  // must not compete with them
  whenIdleAfterLoad(() => void start());
}

// Without workbox-window (its 2 KB gzip were part of every first load): what the app needs of it is the waiting worker,
// as the login document (src/features/auth/login-document.ts) finds it too.
async function start() {
  const found = await navigator.serviceWorker.register('/service-worker.js').catch(() => null);
  if (!found) return;
  registration = found;
  // without a controller an installed worker is the first install, which activates at once: not a new version
  const installed = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) swUpdateStore.set(true);
  };
  installed(found.waiting);
  found.addEventListener('updatefound', () => {
    const worker = found.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') installed(worker);
    });
  });
  checkForUpdatesNowAndThen(() => found.update());
}

function whenIdleAfterLoad(fn: () => void) {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The registration once the worker is registered (null in development, or before the page went idle). */
export function swRegistration(): ServiceWorkerRegistration | null {
  return registration;
}
