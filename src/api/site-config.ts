import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@contract/upms';
import { fetchSiteConfig, storedSiteConfig } from './fetch-site-config';

export { fetchSiteConfig } from './fetch-site-config';

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['upms', 'site-config'],
    queryFn: fetchSiteConfig,
    staleTime: Infinity,
    initialData: storedSiteConfig,
  });

export function useSiteConfig(): SiteConfig | undefined {
  return useQuery(siteConfigQueryOptions()).data;
}

/** The reminder channels this site offers (tipConfig.mobileTip is a comma-separated list). */
export function mobileTipChannels(config: SiteConfig | undefined): string[] {
  return (config?.tipConfig.mobileTip ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
