import { useEffect } from 'react';
import { createStore } from './store';

/**
 * A page may name itself with data (the official-document flow shows the document's name); otherwise the
 * route's name is the title. The override belongs to one pathname so it can never leak to the next page.
 * It lives here, below features, so a page can set it; the shell (app/document-title) reads it.
 */
export const pageTitleOverride = createStore<{ pathname: string; title: string } | null>(null);

export function usePageTitleOverride(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const pathname = window.location.pathname;
    pageTitleOverride.set({ pathname, title });
    return () => pageTitleOverride.set((cur) => (cur?.pathname === pathname && cur.title === title ? null : cur));
  }, [title]);
}
