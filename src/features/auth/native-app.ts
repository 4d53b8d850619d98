/** The native app's link scheme: `oamobile://open?path=/followWaitDetail?...` opens that page in the app. */
export const APP_SCHEME = 'oamobile://open';

/** How long the browser is given to hand over to the app before we conclude it is not installed. */
export const APP_HANDOVER_MS = 1500;

export const nativeAppLink = (path: string) => `${APP_SCHEME}?path=${encodeURIComponent(path)}`;

/** Asks the OS to open the link scheme; without the app installed nothing happens (no error is reported to the page). */
export function openNativeApp(link: string): void {
  window.location.href = link;
}

/**
 * Calls `onOpened` when the page is sent to the background right after the attempt: the only sign a browser gives
 * that the app took over. Returns the unsubscribe function.
 */
export function whenAppOpens(onOpened: () => void): () => void {
  const hidden = () => document.visibilityState === 'hidden' && onOpened();
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', onOpened);
  return () => {
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', onOpened);
  };
}
