import { swRegistration, swUpdateStore } from './register-sw';

// Apart from the registration: what the user starts (刷新, 检查更新) is fetched when they do, not with every page.

/** Activates the waiting worker and reloads once it controls the page. */
export function applyUpdate(reload = () => window.location.reload()): void {
  const registration = swRegistration();
  if (!registration) return reload();
  const { waiting } = registration;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  waiting?.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * 检查更新 (我的 › 关于): asks the server for a new build now. 'waiting' = a new version is ready (the 发现新版本 bar
 * shows); 'latest' = none; 'unavailable' = no service worker here (development, or a browser without one).
 */
export async function checkForUpdate(settleMs = 3000): Promise<'waiting' | 'latest' | 'unavailable'> {
  const found = swRegistration();
  if (!found) return 'unavailable';
  if (swUpdateStore.get()) return 'waiting';
  await found.update().catch(() => undefined);
  // a found build installs in the background; give it a moment to reach `waiting`
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return swUpdateStore.get() ? 'waiting' : 'latest';
}
