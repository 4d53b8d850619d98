import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';
import { getUid } from '@/lib/uid-store';
import { onSessionEvent } from '@/lib/session-events';
import { toast } from '@/ui/feedback';
import { setCurrentUser, userStore } from '@/session/user-store';
import { sessionKeys } from '@/session/current-user-query';
import { isOnline } from './online-status';
import { configureOutbox } from './outbox-config';
import { startQueryPersistence, type QueryPersistenceOptions } from './query-persistence';
import { outboxUserChanged, startOutboxReplay } from './start-outbox';
import type { OutboxBatchSender, OutboxSender } from './outbox-config';
import { httpBatchSender } from './http-sender';
import { askToKeepStorage, storageWasEvicted } from './keep-storage';
import { currentUserKey } from './current-user-key';

/** Signed in: the data is asked to be kept; if the browser evicted it anyway, the person is told and it is fetched again. */
async function keepStorage(queryClient: QueryClient): Promise<void> {
  await askToKeepStorage();
  if (!(await storageWasEvicted())) return;
  toast.info('离线数据已被浏览器清理，正在重新同步', true);
  void queryClient.invalidateQueries();
}

/**
 * Everything offline, in start order: restore the user's cached reads (awaited, so the first render has them), then
 * the outbox with its replay triggers. Returns a stop function.
 */
export async function startOffline(
  queryClient: QueryClient,
  options: QueryPersistenceOptions & { send: OutboxSender; sendBatch?: OutboxBatchSender },
): Promise<() => void> {
  const stopPersistence = await startQueryPersistence(queryClient, options);
  // an offline start has the user only in the restored cache (the fetch that fills the store did not run)
  const uid = getUid();
  const cachedUser = uid ? queryClient.getQueryData<CurrentUserData>(sessionKeys.currentUser(uid)) : undefined;
  if (cachedUser && !userStore.get().user) setCurrentUser(cachedUser);
  configureOutbox({
    send: options.send,
    sendBatch: options.sendBatch ?? httpBatchSender,
    getUserKey: () => currentUserKey(queryClient),
    isOnline,
    queryClient,
  });
  let userKey = currentUserKey(queryClient);
  // the user becomes known (or changes) when the current-user query lands: show and replay that user's writes
  const offUser = queryClient.getQueryCache().subscribe(() => {
    const next = currentUserKey(queryClient);
    if (next === userKey) return;
    userKey = next;
    outboxUserChanged();
  });
  const stopReplay = startOutboxReplay();
  if (getUid()) void keepStorage(queryClient);
  const offLogin = onSessionEvent('login', () => void keepStorage(queryClient));
  return () => {
    offLogin();
    offUser();
    stopReplay();
    stopPersistence();
  };
}
