import type { CDPSession, Page } from 'playwright-core';

/** How long a push may take to be dispatched and handled before Chromium is taken to have dropped it. */
const HANDLED_WITHIN_MS = 20_000;
const ATTEMPTS = 3;

type BackgroundServiceEvent = {
  backgroundServiceEvent: { eventName: string; eventMetadata: Array<{ key: string; value: string }> };
};

/** The next push event Chromium reports by this name (Background Services, DevTools): its status, or null in time. */
function nextPushEvent(
  cdp: CDPSession,
  name: 'Push event dispatched' | 'Push event completed',
): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      cdp.off('BackgroundService.backgroundServiceEventReceived', onEvent);
      resolve(null);
    }, HANDLED_WITHIN_MS);
    const onEvent = ({ backgroundServiceEvent: event }: BackgroundServiceEvent) => {
      if (event.eventName !== name) return;
      clearTimeout(timer);
      cdp.off('BackgroundService.backgroundServiceEventReceived', onEvent);
      resolve(event.eventMetadata.find((m) => m.key === 'Status')?.value ?? 'dispatched');
    };
    cdp.on('BackgroundService.backgroundServiceEventReceived', onEvent);
  });
}

/**
 * Hands pushes to the page's service worker through CDP (`ServiceWorker.deliverPushMessage`), as a push service would:
 * Chromium's own push service is not reachable here, so tests and the reminder bench feed it the payload the local
 * push service decrypted. Resolves once the page's registration is known. A push resolves with the status Chromium
 * reports once the worker's push handler has settled ('Success' when its waitUntil promise resolved), or with
 * 'dispatched' once the handler has it when `settled` is false (a handler that waits for the network while offline).
 * Like a push service, it is sent again when Chromium dropped it before the app's handler ran (no event came, or the
 * worker did not start; in two CI runs a push never showed, and CDP's own answer does not say why); a handler that
 * rejected is the app's failure and is not retried.
 */
export async function pushInto(
  page: Page,
  origin: string,
): Promise<(payload: object, options?: { settled?: boolean }) => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  return async (payload: object, { settled = true } = {}) => {
    const statuses: string[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const dispatched = nextPushEvent(cdp, 'Push event dispatched');
      const completed = nextPushEvent(cdp, 'Push event completed');
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
      if (!(await dispatched)) {
        statuses.push('not dispatched');
        continue;
      }
      if (!settled) return 'dispatched';
      const status = (await completed) ?? 'not settled in time';
      if (status === 'Success' || /reject/i.test(status)) return status;
      statuses.push(status);
    }
    return statuses.join('; ');
  };
}
