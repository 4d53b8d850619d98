const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Long-lived standalone apps are rarely navigated, so the app and the login document both look for a new build now
 * and then: every 30 minutes, and whenever the page is shown again (brought back from the background), when online.
 */
export function checkForUpdatesNowAndThen(update: () => Promise<unknown>): void {
  const check = () => {
    if (navigator.onLine) void update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
