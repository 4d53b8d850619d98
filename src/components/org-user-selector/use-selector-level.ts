import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { selectorTreeQueryOptions, type SelectorTreeKind } from '@/api/selector';
import { cachedPeople } from './cached-people';

export interface Level {
  name: string;
  value: string;
  kind: SelectorTreeKind | 'root';
}

export interface Section {
  kind: SelectorTreeKind;
  /** shown at the root, where several trees sit one under another */
  title?: string;
  nodes: SelectorNode[];
}

const TREE_TITLES: Record<SelectorTreeKind, string> = {
  org: '组织架构',
  'org-noperm': '组织架构',
  group: '群组',
  post: '岗位',
};

/** The nodes shown at a level: at the root every offered tree (org, group, post); searching, matching users. */
export function useSelectorLevel(level: Level, rootKinds: SelectorTreeKind[], queryValue: string) {
  const orgKind = rootKinds.find((k) => k === 'org' || k === 'org-noperm') ?? 'org';
  const searching = queryValue !== '';
  const atRoot = level.kind === 'root';
  const kinds: SelectorTreeKind[] = searching ? [orgKind] : atRoot ? rootKinds : [level.kind as SelectorTreeKind];
  const id = searching || atRoot ? '0' : level.value;
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: kinds.map((kind) => selectorTreeQueryOptions(kind, id, searching ? queryValue : '')),
  });
  // offline, a search never asked before gets no answer (the app's queries fail at once offline rather than pause):
  // the people already cached answer it instead
  const search = results[0];
  const unanswered = search?.data === undefined && (search?.isError || search?.fetchStatus === 'paused');
  const offlineHits = searching && unanswered ? cachedPeople(queryClient, orgKind, queryValue) : [];
  const fromCache = offlineHits.length > 0;

  const sections: Section[] = kinds.map((kind, i) => ({
    kind,
    title: atRoot && !searching && kinds.length > 1 ? TREE_TITLES[kind] : undefined,
    nodes: results[i]?.data ?? (fromCache ? offlineHits : []),
  }));
  return {
    sections,
    isEmpty: sections.every((s) => s.nodes.length === 0),
    isPending: !fromCache && results.some((r) => r.isPending),
    /** waiting for the network with nothing cached */
    isPaused: !fromCache && results.some((r) => r.isPending && r.fetchStatus === 'paused'),
    isError: results.some((r) => r.isError),
    /** every tree of the level has an answer (fresh or cached), even if a refetch failed */
    isAnswered: results.every((r) => r.data !== undefined),
    retry: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}
