import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_OPINION_PHRASES, type MyPreferences } from '@contract/my';
import { get } from './http';

/** The user's preferences (set in 我的, read by any page that writes an opinion): under the persisted `my` root. */
export const preferencesKey = ['my', 'preferences'] as const;

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: () => get<MyPreferences>('/api/my/preferences', undefined, { noLoading: true }),
    staleTime: 5 * 60 * 1000,
  });

/**
 * 常用意见: the user's own opinion phrases (kept on the server, cached offline), the defaults until they load.
 * For any page that writes an opinion (the 办理 page adopts it).
 */
export function useOpinionPhrases(): string[] {
  const { data } = useQuery(preferencesQueryOptions());
  return data?.opinionPhrases ?? DEFAULT_OPINION_PHRASES;
}
