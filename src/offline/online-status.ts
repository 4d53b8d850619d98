import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { browserOnline, forgetUnreachable, isUnreachable, onReachabilityChange } from '@/api/reachability';

/*
 * TanStack Query starts out believing it is online; an app opened from the home-screen icon with no network must
 * know at once, so paused queries wait instead of failing and the offline bar shows on the first frame.
 */
let wired = false;

// the http layer reports lost and returning answers (src/api/reachability.ts); the query layer follows them
onReachabilityChange(() => onlineManager.setOnline(!isUnreachable() && browserOnline()));

export { isUnreachable, reportNoResponse, reportResponse, setReachabilityProbe } from '@/api/reachability';

/** Makes onlineManager follow navigator.onLine and the browser's online/offline events. Idempotent. */
export function wireOnlineStatus(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  onlineManager.setEventListener((setOnline) => {
    const update = () => {
      // the browser's own word starts over: back online, the next request shows whether the server answers
      forgetUnreachable();
      setOnline(navigator.onLine);
    };
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/** Calls fn whenever the app goes from offline to online. */
export function onReconnect(fn: () => void): () => void {
  let last = onlineManager.isOnline();
  return onlineManager.subscribe((online) => {
    if (online && !last) fn();
    last = online;
  });
}

/** True while the browser is offline; lists use it to show EmptyState kind 'offline' for never-cached pages. */
export function useIsOffline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => !onlineManager.isOnline(),
    () => false,
  );
}
