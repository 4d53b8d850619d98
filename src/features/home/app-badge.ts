import { useEffect } from 'react';

/**
 * The app icon's badge (Badging API, installed PWA on Chrome / Edge / Safari): the unread messages of 消息中心
 * (every 待办, mail and meeting reminder is one), cleared at 0. Browsers without it are left alone; a refusal (not installed, permission) changes nothing the user sees in the app.
 */
export function showAppBadge(count: number): void {
  if (typeof navigator === 'undefined') return;
  const nav = navigator as Partial<Pick<Navigator, 'setAppBadge' | 'clearAppBadge'>>;
  const done = count > 0 ? nav.setAppBadge?.call(navigator, count) : nav.clearAppBadge?.call(navigator);
  void done?.catch(() => undefined);
}

/** Keeps the icon's badge at the unread count while the badges are shown (they load, change by live events, refresh). */
export function useAppBadge(unread: number | undefined): void {
  useEffect(() => {
    if (unread !== undefined) showAppBadge(unread);
  }, [unread]);
}
