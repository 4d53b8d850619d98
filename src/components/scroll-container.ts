import { createContext, useContext } from 'react';

/**
 * Each page scrolls inside its own slot (so two pages can slide at once), not the window: ListView scrolls it back to
 * the top on a new search and TransparentHeader fades in with its scroll position.
 */
export const ScrollContainerContext = createContext<HTMLElement | null>(null);

export function useScrollContainer(): HTMLElement | null {
  return useContext(ScrollContainerContext);
}
