import { useQuery } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { selectorTreeQueryOptions, type SelectorTreeKind } from '@/api/selector';

export interface Level {
  name: string;
  value: string;
  kind: SelectorTreeKind | 'root';
}

/** The nodes shown at a level: at the root the org tree and the group (and post) tree side by side. */
export function useSelectorLevel(level: Level, rootKinds: SelectorTreeKind[], queryValue: string) {
  const orgKind = rootKinds.find((k) => k === 'org' || k === 'org-noperm') ?? 'org';
  const searching = queryValue !== '';
  const first = useQuery({
    ...selectorTreeQueryOptions(level.kind === 'root' || searching ? orgKind : level.kind, searching ? '0' : level.value, queryValue),
  });
  const groups = useQuery({ ...selectorTreeQueryOptions('group', '0'), enabled: level.kind === 'root' && !searching && rootKinds.includes('group') });
  const posts = useQuery({ ...selectorTreeQueryOptions('post', '0'), enabled: level.kind === 'root' && !searching && rootKinds.includes('post') });
  const nodes: SelectorNode[] = [...(first.data ?? []), ...(level.kind === 'root' && !searching ? [...(groups.data ?? []), ...(posts.data ?? [])] : [])];
  return { nodes, isPending: first.isPending, isError: first.isError, refetch: first.refetch };
}
