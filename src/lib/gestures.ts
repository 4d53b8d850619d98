/** Spec §9 constants shared by lists, the search box, the hybrid back button and touch handlers. */
export const LIST_SEARCH_DEBOUNCE_MS = 200;
export const LIST_REFRESH_DEBOUNCE_MS = 1000;
export const LIST_PAGE_SIZE = 10;
export const INFINITE_LOAD_OFFSET_PX = 300;
export const SEARCH_BOX_DEBOUNCE_MS = 500;
export const PULL_REFRESH_HEIGHT_PX = 50;
export const DOUBLE_BACK_EXIT_MS = 2000;

/** Spec §9 gesture defaults. */
export const TAP_MAX_DISTANCE_PX = 5;
export const TAP_MAX_TIME_MS = 250;
export const LONG_PRESS_MS = 500;
export const SWIPE_MAX_TIME_MS = 300;
export const SWIPE_MIN_DISTANCE_PX = 18;
export const FLICK_MAX_TIME_MS = 200;
export const PRELOAD_PAGE_LIMIT = 10;

export type Gesture = 'tap' | 'long-press' | 'flick' | 'swipe' | 'none';

export interface TouchTrack {
  /** horizontal and vertical travel in px */
  dx: number;
  dy: number;
  /** time from touch start to end in ms */
  ms: number;
}

/** Names a finished touch by the spec §9 limits; a flick is a swipe fast enough to throw a page. */
export function classifyGesture({ dx, dy, ms }: TouchTrack): Gesture {
  const distance = Math.hypot(dx, dy);
  if (distance <= TAP_MAX_DISTANCE_PX) {
    if (ms <= TAP_MAX_TIME_MS) return 'tap';
    return ms >= LONG_PRESS_MS ? 'long-press' : 'none';
  }
  if (distance >= SWIPE_MIN_DISTANCE_PX) {
    if (ms <= FLICK_MAX_TIME_MS) return 'flick';
    if (ms <= SWIPE_MAX_TIME_MS) return 'swipe';
  }
  return 'none';
}
