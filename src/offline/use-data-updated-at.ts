import { useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** The newest dataUpdatedAt among queries on screen (observed), else among all cached queries; 0 when none. */
export function newestDataUpdatedAt(queryClient: QueryClient): number {
  let onScreen = 0;
  let any = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    const at = query.state.dataUpdatedAt;
    if (!at) continue;
    any = Math.max(any, at);
    if (query.getObserversCount() > 0) onScreen = Math.max(onScreen, at);
  }
  return onScreen || any;
}

/** How fresh the shown data is, for the offline bar. */
export function useDataUpdatedAt(): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => newestDataUpdatedAt(queryClient),
    () => 0,
  );
}
