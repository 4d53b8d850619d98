import type { QueryClient } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import type { SelectorTreeKind } from '@/api/selector';
import { isUserNode } from './selection';

/**
 * The people of a selector tree that the cache already holds (离线同步 walks the trees, and every level opened is kept)
 * whose name, account or mobile contains `keyword`: offline, a search the server cannot answer still finds the person
 * to 转办 to. 拼音 initials need the server, so only the words themselves match here.
 */
export function cachedPeople(queryClient: QueryClient, kind: SelectorTreeKind, keyword: string): SelectorNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [];
  const found = new Map<string, SelectorNode>();
  for (const [, nodes] of queryClient.getQueriesData<SelectorNode[]>({ queryKey: ['upms', 'selector', kind] })) {
    for (const node of Array.isArray(nodes) ? nodes : []) {
      if (!isUserNode(node) || found.has(node.id)) continue;
      const words = [node.realName, node.name, node.mobile ?? ''].map((w) => (w ?? '').toLowerCase());
      if (words.some((w) => w.includes(needle))) found.set(node.id, node);
    }
  }
  return [...found.values()];
}
