import { createContext, useContext } from 'react';

/** Each page scrolls inside its own slot (so two pages can slide at once); lists observe this element. */
export const ScrollContainerContext = createContext<HTMLElement | null>(null);

export function useScrollContainer(): HTMLElement | null {
  return useContext(ScrollContainerContext);
}
