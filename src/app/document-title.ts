import { useEffect } from 'react';
import { useStore } from '@/lib/store';
import { pageTitleOverride } from '@/lib/page-title';
import { platformConfig } from '@/platform/platform-config';
import { DEFAULT_TITLE } from './route-meta';

export function resolveTitle(
  routeTitle: string | undefined,
  pathname: string,
  override: { pathname: string; title: string } | null,
) {
  if (override && override.pathname === pathname) return override.title;
  return routeTitle || DEFAULT_TITLE;
}

export function useDocumentTitle(routeTitle: string, pathname: string): string {
  const override = useStore(pageTitleOverride);
  const title = resolveTitle(routeTitle, pathname, override);
  useEffect(() => {
    document.title = title;
    // inside WeCom or DingTalk the vendor's JS-SDK (a chunk fetched only there) starts and signs with the first page;
    // WeCom's title bar shows document.title, DingTalk's is set through the SDK
    if (/^(wecom|dingtalk)$/.test(platformConfig.hostApp))
      void import('@/api/host/host-container')
        .then((m) => m.hostContainer()?.then((container) => container.setTitle(title)))
        .catch(() => undefined);
  }, [title]);
  return title;
}
