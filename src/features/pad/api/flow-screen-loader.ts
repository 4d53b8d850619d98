import type { QueryClient } from '@tanstack/react-query';
import type { FlowListKind } from '@contract/flow';
import { loadFlowList, loadInstance } from '@/features/follow/api/loaders';
import { usesTabletShell } from './tablet';

/**
 * The loader of every 审批 list and detail route, phone and tablet: the chosen flow, and on a tablet the list it is
 * shown beside (a phone detail page has no list; a phone list page no chosen flow).
 */
export function loadFlowScreen(
  queryClient: QueryClient,
  pathname: string,
  kind: FlowListKind,
  instanceId?: string,
  filters?: Record<string, unknown>,
) {
  const tablet = usesTabletShell(pathname);
  return Promise.all([
    tablet || !instanceId ? loadFlowList(queryClient, kind, filters) : undefined,
    instanceId && loadInstance(queryClient, instanceId),
  ]);
}
