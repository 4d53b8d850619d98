import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_OPINION_PHRASES, type MyPreferences } from '@contract/my';
import { get } from '@/api/http';
import { myKeys } from './my-keys';

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: myKeys.preferences, queryFn: () => get<MyPreferences>('/api/my/preferences', undefined, { noLoading: true }), staleTime: 5 * 60 * 1000 });

/**
 * 常用意见: the user's own opinion phrases (kept on the server, cached offline), the defaults until they load.
 * For any page that writes an opinion (the 办理 page adopts it).
 */
export function useOpinionPhrases(): string[] {
  const { data } = useQuery(preferencesQueryOptions());
  return data?.opinionPhrases ?? DEFAULT_OPINION_PHRASES;
}
