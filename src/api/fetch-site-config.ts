import type { SiteConfig } from '@contract/upms';
import { SESSION_KEYS, readJson, writeJson } from '@/lib/local-keys';
import { get } from './http';

// Apart from site-config.ts (its query options and hook): the login document reads the site config without Query.

/** Spec §3: the site config is fetched once and stored locally (it also names the app on the login page offline). */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  const config = await get<SiteConfig>('/api/upms/sys/config/info', undefined, {
    noToken: true,
    noLoading: true,
    silent: true,
  });
  writeJson(SESSION_KEYS.siteConfig, config);
  return config;
}

/** The site config stored by the last fetch, if any. */
export function storedSiteConfig(): SiteConfig | undefined {
  return readJson<SiteConfig | undefined>(SESSION_KEYS.siteConfig, undefined);
}
