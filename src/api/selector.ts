import { queryOptions } from '@tanstack/react-query';
import type { OrgAllUsers, SelectorNode } from '@contract/upms';
import { get } from './http';

export type SelectorTreeKind = 'org' | 'org-noperm' | 'group' | 'post';

const PATHS: Record<SelectorTreeKind, string> = {
  org: '/api/upms/selector/tree/org/user',
  'org-noperm': '/api/upms/selector/tree/org/user/nopermfilter',
  group: '/api/upms/selector/tree/group/user',
  post: '/api/upms/selector/tree/post/user',
};

/** Children of a selector node ('0' = root); with queryValue, matching users anywhere below. */
export function fetchSelectorTree(kind: SelectorTreeKind, id: string, queryValue?: string): Promise<SelectorNode[]> {
  const params = queryValue ? { queryValue } : undefined;
  // Spec §7: the org trees show the loading overlay; the others load quietly.
  const quiet = kind === 'group' || kind === 'post';
  return get<SelectorNode[]>(`${PATHS[kind]}/${encodeURIComponent(id)}`, params, { noLoading: quiet });
}

export const selectorTreeQueryOptions = (kind: SelectorTreeKind, id: string, queryValue = '') =>
  queryOptions({
    queryKey: ['upms', 'selector', kind, id, queryValue],
    queryFn: () => fetchSelectorTree(kind, id, queryValue || undefined),
    staleTime: 10 * 60 * 1000,
  });

/** Every user in an organisation and below (ticking an org in the selector adds them all). */
export function fetchOrgAllUsers(orgId: string): Promise<OrgAllUsers> {
  return get<OrgAllUsers>(`/api/upms/user/org/all/${encodeURIComponent(orgId)}`);
}

/**
 * Colleagues by name, 拼音 or initials (zs → 张三), user name or mobile: the org search the address book uses, loaded
 * quietly for a type-ahead (a recipient line), without the page's loading overlay on every keystroke.
 */
export const peopleSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['upms', 'selector', 'people', keyword],
    queryFn: () => get<SelectorNode[]>(`${PATHS.org}/0`, { queryValue: keyword }, { noLoading: true }),
    staleTime: 10 * 60 * 1000,
  });
