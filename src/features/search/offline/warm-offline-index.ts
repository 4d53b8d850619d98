import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { userStore } from '@/session/user-store';

/*
 * The first offline search used to build the index itself: 2–3 s of 搜索中… on a phone with a full cache. Going
 * offline is the sign a search may come, so the lazy chunk is loaded and the index built then, in idle time. Online
 * the server answers every search, so nothing is loaded or built; this watch starts with 离线同步, after the opening.
 */

const signedIn = () => userStore.get().user?.userVo.id ?? '';

/** Until the returned stop: whenever the app is offline with someone signed in, builds their index ahead of need. */
export function warmOfflineIndex(client: QueryClient): () => void {
  let scheduled: (() => void) | null = null;
  const wanted = (user: string) => () => !onlineManager.isOnline() && signedIn() === user;

  const follow = () => {
    const user = signedIn();
    if (onlineManager.isOnline() || !user) {
      scheduled?.();
      scheduled = null;
      return;
    }
    if (scheduled) return;
    // after the page's own start: an app opened offline loads the chunk once the first screen is up and idle
    scheduled = whenIdle(() => {
      scheduled = null;
      if (!wanted(user)()) return;
      void import('./offline-search')
        .then((m) => m.prepareOfflineIndex(client, user, wanted(user)))
        // the chunk could not be had (an old worker's cache): the first search shows why, as it did before
        .catch(() => undefined);
    });
  };

  const offOnline = onlineManager.subscribe(follow);
  const offUser = userStore.subscribe(follow);
  follow();
  return () => {
    scheduled?.();
    offOnline();
    offUser();
  };
}

/** Runs fn when the page has loaded and is idle; returns a cancel. */
function whenIdle(fn: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(fn, { timeout: 5_000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(fn, 200);
      cancel = () => clearTimeout(handle);
    }
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
