import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@contract/upms';
import { SESSION_KEYS, readJson, writeJson } from '@/lib/local-keys';
import { get } from './http';

/** Spec §3: the site config is fetched once and stored locally (it also names the app on the login page offline). */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  const config = await get<SiteConfig>('/api/upms/sys/config/info', undefined, { noToken: true, noLoading: true, silent: true });
  writeJson(SESSION_KEYS.siteConfig, config);
  return config;
}

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['upms', 'site-config'],
    queryFn: fetchSiteConfig,
    staleTime: Infinity,
    initialData: () => readJson<SiteConfig | undefined>(SESSION_KEYS.siteConfig, undefined),
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
