import { useEffect } from 'react';
import { useStore } from '@/lib/store';
import { pageTitleOverride } from '@/lib/page-title';
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
  }, [title]);
  return title;
}
