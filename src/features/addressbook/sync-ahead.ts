import type { SelectorNode } from '@contract/upms';
import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { selectorTreeQueryOptions, type SelectorTreeKind } from '@/api/selector';
import { favouritesQueryOptions, groupsQueryOptions } from './api/get-contacts';

/** Enough levels for an organisation chart; a very large one stops here rather than read the whole directory. */
const MAX_TREE_READS = 300;

/**
 * Walks a selector tree level by level under the keys the address book and every person picker read (转办, 加签,
 * 抄送 pickers work offline from them); answers how many people it met.
 */
async function walkTree(
  kind: SelectorTreeKind,
  fetchLevel: (kind: SelectorTreeKind, id: string) => Promise<SelectorNode[]>,
  signal: AbortSignal,
) {
  const people = new Set<string>();
  const levels: SelectorNode[][] = [];
  const queue = ['0'];
  for (let reads = 0; queue.length > 0 && reads < MAX_TREE_READS && !signal.aborted; reads++) {
    const nodes = await fetchLevel(kind, queue.shift()!);
    levels.push(nodes);
    for (const node of nodes) {
      if (node.popCode === 'user') people.add(node.id);
      else queue.push(node.id);
    }
  }
  return { people: people.size, levels };
}

const steps: SyncAheadStep[] = [
  {
    groups: ['通讯录'],
    async run({ queryClient, kept, signal }) {
      const fetchLevel = (kind: SelectorTreeKind, id: string) =>
        queryClient.fetchQuery(selectorTreeQueryOptions(kind, id));
      const org = await walkTree('org', fetchLevel, signal);
      const groups = await walkTree('group', fetchLevel, signal).catch(() => ({ people: 0, levels: [] }));
      const [favourites, contactGroups] = await Promise.all([
        queryClient.fetchQuery(favouritesQueryOptions()),
        queryClient.fetchQuery(groupsQueryOptions()),
      ]);
      kept('通讯录', org.people, [org.levels, groups.levels, favourites, contactGroups]);
    },
  },
];

export default steps;
