import type { FlowListKind } from '../../contract/flow';

/**
 * Every flow query key in one place, so a mutation can invalidate exactly what it changed. Here rather than in the
 * follow feature's flow-keys.ts (which adds what a write changes) because the service worker's 离线同步 writes under
 * these keys, and the worker imports no feature.
 */
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
