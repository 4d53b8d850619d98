import type { Page } from 'playwright-core';

/**
 * Hands pushes to the page's service worker through CDP (`ServiceWorker.deliverPushMessage`), as a push service would:
 * Chromium's own push service is not reachable here, so tests and the reminder bench feed it the payload the local
 * push service decrypted. Resolves once the page's registration is known.
 */
export async function pushInto(page: Page, origin: string): Promise<(payload: object) => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  return (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
}
