/**
 * Where a tap on a reminder goes, as plain functions of URLs (no worker globals), so the rules can be tested on their
 * own: the service worker's notificationclick handler (push-notifications.ts) applies them to the real `clients`.
 */

/** Only the app's own paths are opened from a notification, whatever a payload says (no other site, no //host). */
export function inAppPath(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/phonehome';
}

/** What the worker knows of an open window (WindowClient's url, focused and visibilityState). */
export interface OpenWindow {
  url: string;
  focused: boolean;
  visibilityState: string;
}

/**
 * The open window of the app a tap should bring forward, or null when none is open (then the app opens at the item):
 * windows of another origin never; of the app's, the focused one first, then a visible one, then the first.
 */
export function windowToFocus<W extends OpenWindow>(windows: readonly W[], appOrigin: string): W | null {
  const own = windows.filter((w) => {
    try {
      return new URL(w.url).origin === appOrigin;
    } catch {
      return false;
    }
  });
  return own.find((w) => w.focused) ?? own.find((w) => w.visibilityState === 'visible') ?? own[0] ?? null;
}
