/*
 * How the service worker wakes the page's 离线同步 (sw/ imports this file, so it holds nothing a worker lacks): the
 * message it posts to open pages on a push or a periodic sync, and the Periodic Background Sync tag.
 */
export const SYNC_AHEAD_MESSAGE = 'SYNC_AHEAD';
export const PERIODIC_SYNC_TAG = 'oa-sync-ahead';
