import { useSyncExternalStore } from 'react';

/** Below this width a tablet screen shows one pane (iPad split view, phone-sized windows). */
export const SPLIT_MIN_WIDTH = 700;

const query = `(max-width: ${SPLIT_MIN_WIDTH - 1}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** The window, not the device, decides: an iPad in split view gets the one-pane layout a phone gets. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
