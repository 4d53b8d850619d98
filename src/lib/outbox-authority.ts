import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * What the service worker needs to send a user's queued writes while no page is open (Background Sync): whose writes
 * (the outbox's user key), the session token they were queued under, and the API base. The worker holds no session
 * of its own; it sends exactly what that person queued, as that person, through POST /api/outbox/batch, where every
 * write passes its own route's checks. An ended session answers 401 and the writes wait for the next sign-in.
 */
export interface OutboxAuthority {
  userKey: string;
  uid: string;
  baseUrl: string;
}

/** The Background Sync tag the page registers and the worker answers. */
export const OUTBOX_SYNC_TAG = 'oa-outbox-replay';

/**
 * The Web Lock a replay holds, in a page and in the worker alike: when the network returns both start one, and the
 * second must find the outbox the first emptied instead of sending the same writes again.
 */
export const OUTBOX_REPLAY_LOCK = 'oa-outbox-replay';

let authorityStore: UseStore | null = null;
const store = () => (authorityStore ??= createStore('oa-outbox-authority', 'authority'));

export function saveOutboxAuthority(authority: OutboxAuthority): Promise<void> {
  return set('current', authority, store());
}

export function readOutboxAuthority(): Promise<OutboxAuthority | undefined> {
  return get<OutboxAuthority>('current', store());
}

export function forgetOutboxAuthority(): Promise<void> {
  return del('current', store());
}
