import { useEffect } from 'react';
import { createStore, useStore } from '@/lib/store';
import { DEFAULT_TITLE } from './route-meta';

/**
 * A page may name itself with data (the official-document flow shows the document's name); otherwise the
 * route's name is the title. The override belongs to one pathname so it can never leak to the next page.
 */
const overrideStore = createStore<{ pathname: string; title: string } | null>(null);

export function usePageTitleOverride(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const pathname = window.location.pathname;
    overrideStore.set({ pathname, title });
    return () => overrideStore.set((cur) => (cur?.pathname === pathname && cur.title === title ? null : cur));
  }, [title]);
}

export function resolveTitle(routeTitle: string | undefined, pathname: string, override: { pathname: string; title: string } | null) {
  if (override && override.pathname === pathname) return override.title;
  return routeTitle || DEFAULT_TITLE;
}

export function useDocumentTitle(routeTitle: string, pathname: string): string {
  const override = useStore(overrideStore);
  const title = resolveTitle(routeTitle, pathname, override);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}
