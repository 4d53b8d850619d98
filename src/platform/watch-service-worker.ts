import { checkForUpdatesNowAndThen } from './update-checks';

/**
 * Registers /service-worker.js once the page is idle (the first install precaches the whole build and must not compete
 * with the first page) and calls `onNewVersion` with each new build's worker that waits for the user. The app and the
 * login document both use it; neither loads workbox-window (its 2 KB gzip were part of every first load).
 */
export function registerAndWatchServiceWorker(
  onNewVersion: (worker: ServiceWorker) => void,
  onRegistered: (registration: ServiceWorkerRegistration) => void = () => undefined,
): void {
  whenIdleAfterLoad(() => void register(onNewVersion, onRegistered));
}

async function register(
  onNewVersion: (worker: ServiceWorker) => void,
  onRegistered: (registration: ServiceWorkerRegistration) => void,
) {
  const registration = await navigator.serviceWorker.register('/service-worker.js').catch(() => null);
  if (!registration) return;
  onRegistered(registration);
  // without a controller an installed worker is the first install, which activates at once: not a new version
  const installed = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) onNewVersion(worker);
  };
  installed(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') installed(worker);
    });
  });
  checkForUpdatesNowAndThen(() => registration.update());
}

function whenIdleAfterLoad(fn: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
