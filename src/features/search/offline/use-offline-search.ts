import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchModule } from '@contract/search';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import { searchKeys } from '../api/search-keys';

/** MiniSearch, pinyin-pro and the index: their own chunk, fetched the first time a search runs offline. */
export const loadOfflineSearch = () => import('./offline-search');

/*
 * Answers are computed on the device, never fetched: networkMode 'always' runs them offline, and they are not kept
 * (gcTime 0) because the next search after the cache changed must read the new cache.
 */
const onDevice = { networkMode: 'always', staleTime: 0, gcTime: 0, retry: false } as const;

/** Every module at once over what the device has cached. */
export function useOfflineAnswer(keyword: string) {
  const client = useQueryClient();
  const user = useStore(userStore, (s) => s.user?.userVo.id) ?? '';
  return useQuery({
    queryKey: [...searchKeys.all, 'offline', user, keyword],
    queryFn: async () => (await loadOfflineSearch()).searchOffline(client, user, keyword),
    enabled: keyword.length > 0,
    ...onDevice,
  });
}

/** One module's hits over what the device has cached (a group's 查看全部 offline). */
export function useOfflineModuleHits(keyword: string, module: SearchModule) {
  const client = useQueryClient();
  const user = useStore(userStore, (s) => s.user?.userVo.id) ?? '';
  return useQuery({
    queryKey: [...searchKeys.all, 'offline', user, keyword, module],
    queryFn: async () => (await loadOfflineSearch()).searchOfflineModule(client, user, keyword, module),
    enabled: keyword.length > 0,
    ...onDevice,
  });
}
