import type { FlowListKind } from '@contract/flow';
import { messageKeys } from '@/api/message';

/** Every flow query key in one place, so a mutation can invalidate exactly what it changed. */
export const flowKeys = {
  all: ['flow'] as const,
  lists: ['flow', 'list'] as const,
  list: (kind: FlowListKind) => ['flow', 'list', kind] as const,
  counts: ['flow', 'counts'] as const,
  definitions: (keyword: string) => ['flow', 'definitions', keyword] as const,
  definition: (id: string) => ['flow', 'definition', id] as const,
  instance: (id: string) => ['flow', 'instance', id] as const,
  stats: (scope: string) => ['flow', 'stats', scope] as const,
};

/** What a write on a flow changes: the lists, the counts, the instance, and the home badges. */
export const afterFlowWrite = (instanceId?: string): unknown[][] => [
  [...flowKeys.lists],
  [...flowKeys.counts],
  [...messageKeys.badges],
  ...(instanceId ? [[...flowKeys.instance(instanceId)]] : []),
];
