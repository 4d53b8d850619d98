import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';
import { getUid } from '@/lib/uid-store';
import { sessionKeys } from '@/session/current-user-query';

// its own module: 离线同步 and 我的 → 离线数据 need it without the offline layer's start (start-offline.ts)
const USER_KEY_MARK = 'oa.outboxUser';
let remembered = '';

/**
 * The signed-in user's id, from the (persisted) current-user query. It is also remembered next to the session token,
 * so queued writes are shown and replayed even when the query cache could not be saved before the app was killed.
 */
export function currentUserKey(queryClient: QueryClient): string | null {
  const uid = getUid();
  if (!uid) return null;
  const id = queryClient.getQueryData<CurrentUserData>(sessionKeys.currentUser(uid))?.userVo.id;
  try {
    if (id) {
      const mark = JSON.stringify({ uid, id });
      if (mark !== remembered) localStorage.setItem(USER_KEY_MARK, mark);
      remembered = mark;
      return id;
    }
    const mark = JSON.parse(localStorage.getItem(USER_KEY_MARK) ?? 'null') as { uid: string; id: string } | null;
    return mark?.uid === uid ? mark.id : null;
  } catch {
    return id ?? null;
  }
}
