import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { fetchOrgAllUsers, fetchSelectorTree, type SelectorTreeKind } from '@/api/selector';
import { isUserNode } from './selection';

const STALE_MS = 10 * 60 * 1000;

/** Users inside an org (all levels below), group or post, fetched once and remembered while the picker is open. */
export function useContainerUsers() {
  const queryClient = useQueryClient();
  const [known, setKnown] = useState<Record<string, SelectorNode[]>>({});
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const load = async (node: SelectorNode): Promise<SelectorNode[] | null> => {
    if (known[node.id]) return known[node.id];
    setBusy((prev) => new Set(prev).add(node.id));
    try {
      const users = await queryClient.fetchQuery({
        queryKey: ['upms', 'selector', 'users-of', node.popCode, node.id],
        queryFn: async () =>
          node.popCode === 'org'
            ? fetchOrgAllUsers(node.id)
            : (await fetchSelectorTree(node.popCode as SelectorTreeKind, node.id)).filter(isUserNode),
        staleTime: STALE_MS,
      });
      setKnown((prev) => ({ ...prev, [node.id]: users }));
      return users;
    } catch {
      // the http client has already told the user (toast); the tick simply does not happen
      return null;
    } finally {
      setBusy((prev) => {
        const next = new Set(prev);
        next.delete(node.id);
        return next;
      });
    }
  };

  return { known, busy, load };
}
