/*
 * Lie-fi: the radio says online (navigator.onLine) but nothing answers. A request that gets no response marks the
 * server unreachable, which the app treats like offline (bar, cached data, outbox); any later response clears it.
 * While unreachable no query runs, so a probe is sent now and then to notice the way back.
 *
 * It sits in the api layer because the http layer reports here (the login document uses that layer without React or
 * Query); src/offline/online-status.ts makes TanStack Query's onlineManager follow the changes.
 */
let unreachable = false;
let probe: (() => Promise<unknown>) | null = null;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const PROBE_FIRST_MS = 3_000;
const PROBE_MAX_MS = 30_000;
const listeners = new Set<() => void>();

export const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Runs fn whenever the server turns unreachable or reachable again. */
export function onReachabilityChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed(): void {
  for (const fn of listeners) fn();
}

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
    changed();
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
  changed();
}

/** The browser's own word starts over (its online/offline event): the next request shows whether the server answers. */
export function forgetUnreachable(): void {
  unreachable = false;
}

/** True while requests go unanswered although the browser says it is online. */
export function isUnreachable(): boolean {
  return unreachable;
}
