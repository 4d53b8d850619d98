import { post } from '@/api/http';
import { emitSessionEvent } from '@/lib/session-events';
import { SESSION_KEYS } from '@/lib/local-keys';
import { getUid, setUid } from '@/lib/uid-store';
import { openLoginDocument } from '@/lib/login-redirect';
import { clearCurrentUser } from './user-store';

const REVOKE_WAIT_MS = 2000;

/** Spec §4: clears uid, user, client id, permissions, roles and stored config; the server session is revoked best-effort. */
export async function logout(): Promise<void> {
  if (getUid()) {
    const revoke = post('/api/oauth/logout', undefined, { silent: true, noLoading: true }).catch(() => undefined);
    await Promise.race([revoke, new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS))]);
  }
  // Listeners (the offline cache) still need to know whose data to wipe, so they run before the ids are cleared.
  await emitSessionEvent('logout');
  setUid(null);
  clearCurrentUser();
  // the app icon's 待办 count (Badging API) was the previous user's
  if (typeof navigator !== 'undefined' && typeof navigator.clearAppBadge === 'function')
    void navigator.clearAppBadge().catch(() => undefined);
  for (const key of Object.values(SESSION_KEYS)) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* nothing stored */
    }
  }
}

/**
 * Logout, then a full load of the login document, so no in-memory state of the previous user survives. `redirect`:
 * the page to open again after the login (an expired session: the person goes on where they were).
 */
export async function signOut(redirect?: string): Promise<void> {
  await logout();
  openLoginDocument(redirect);
}
