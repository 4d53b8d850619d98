import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/*
 * TanStack Query starts out believing it is online; an app opened from the home-screen icon with no network must
 * know at once, so paused queries wait instead of failing and the offline bar shows on the first frame.
 */
let wired = false;

/*
 * Lie-fi: the radio says online (navigator.onLine) but nothing answers. A request that gets no response marks the
 * server unreachable, which the app treats like offline (bar, cached data, outbox); any later response clears it.
 * While unreachable no query runs, so a probe is sent now and then to notice the way back.
 */
let unreachable = false;
let probe: (() => Promise<unknown>) | null = null;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const PROBE_FIRST_MS = 3_000;
const PROBE_MAX_MS = 30_000;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function scheduleProbe(delay: number): void {
  if (probeTimer || !probe) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    if (!unreachable || !probe) return;
    // a response clears `unreachable` through reportResponse; a failure waits longer before the next try
    void probe().catch(() => scheduleProbe(Math.min(delay * 2, PROBE_MAX_MS)));
  }, delay);
}

/** The call that tells whether the server answers again (the http layer sets a cheap, quiet GET). */
export function setReachabilityProbe(fn: (() => Promise<unknown>) | null): void {
  probe = fn;
}

/** A request failed with no response. Answers true when the app now counts as offline because of it (lie-fi). */
export function reportNoResponse(): boolean {
  if (!browserOnline()) return false;
  if (!unreachable) {
    unreachable = true;
    onlineManager.setOnline(false);
  }
  scheduleProbe(PROBE_FIRST_MS);
  return true;
}

/** Some response arrived (any status): the server is reachable, so lie-fi is over. */
export function reportResponse(): void {
  if (!unreachable) return;
  unreachable = false;
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  onlineManager.setOnline(browserOnline());
}

/** True while requests go unanswered although the browser says it is online. */
export function isUnreachable(): boolean {
  return unreachable;
}

/** Makes onlineManager follow navigator.onLine and the browser's online/offline events. Idempotent. */
export function wireOnlineStatus(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  onlineManager.setEventListener((setOnline) => {
    const update = () => {
      // the browser's own word starts over: back online, the next request shows whether the server answers
      unreachable = false;
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
