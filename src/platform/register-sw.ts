import { createStore } from '@/lib/store';
import { registerAndWatchServiceWorker } from './watch-service-worker';

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
  registerAndWatchServiceWorker(
    () => swUpdateStore.set(true),
    (found) => (registration = found),
  );
}

/** The registration once the worker is registered (null in development, or before the page went idle). */
export function swRegistration(): ServiceWorkerRegistration | null {
  return registration;
}
