import type { QueryClient } from '@tanstack/react-query';
import { getUid } from '@/lib/uid-store';
import { currentUserQueryOptions } from './current-user-query';
import { PASSWORD_CHANGE_PATH } from './guard';

let following: Promise<void> | null = null;

/**
 * The server refused a call until the initial password is changed (code 40301): fetch who we are afresh, so the root
 * guard and 我的 know it (a cached copy may predate the flag), then open 我的, where 修改密码 opens by itself. Parallel
 * refusals share one refresh and one navigation.
 */
export function followPasswordGate(queryClient: QueryClient, go: (path: string) => void): Promise<void> {
  following ??= (async () => {
    const uid = getUid();
    if (!uid) return;
    const user = await queryClient.fetchQuery({ ...currentUserQueryOptions(uid), staleTime: 0 }).catch(() => null);
    if (user?.mustChangePassword !== false) go(PASSWORD_CHANGE_PATH);
  })().finally(() => {
    following = null;
  });
  return following;
}
