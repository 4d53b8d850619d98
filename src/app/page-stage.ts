import type { MutableRefObject } from 'react';
import { useRouterState } from '@tanstack/react-router';

// What the plain stage (page-transitions.tsx) and the animated stage (animated-stage.tsx, a chunk of its own that
// page-transitions.tsx loads) share. It lives apart from both so the lazy chunk does not import its loader back.

export interface StageProps {
  /** the element the live page is rendered into; a stage places it in its current slot */
  host: HTMLElement;
  onScroller: (el: HTMLDivElement | null) => void;
  /** where the user scrolled the page on the plain stage, kept when the animated stage takes over */
  scrollTop: MutableRefObject<SavedScroll | null>;
}

export interface SavedScroll {
  pathname: string;
  top: number;
}

/** The page the stage shows: the last one the router finished loading. */
export function useShownPathname(): string {
  return useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
}

let handoffFocus: HTMLElement | null = null;

/** Notes what has focus in `host` as the animated stage takes over: the plain stage's DOM is gone by mountPage. */
export function noteHandoffFocus(host: HTMLElement): void {
  handoffFocus =
    document.activeElement instanceof HTMLElement && host.contains(document.activeElement)
      ? document.activeElement
      : null;
}

/** Puts the live page into a stage's slot (moving it only when it is elsewhere: a move would reset focus). */
export function mountPage(slot: HTMLDivElement | null, { host, onScroller, scrollTop }: StageProps, pathname: string) {
  onScroller(slot);
  // a slot's ref lets go before React removes the slot, and a leaving slot takes the page out of the document with
  // it, which drops the focus (the AI box a page focused as it came in): note it for the slot that takes the page
  // next. Every move is preceded by such a note (or the takeover's), so one left by a re-render is never used
  if (!slot) return noteHandoffFocus(host);
  if (host.parentNode === slot) return;
  // a move blurs what had focus (a button, a link): give it back. The plain stage's DOM is gone by now, so the
  // takeover notes the focused element before it starts (noteHandoffFocus)
  const focused =
    handoffFocus ??
    (document.activeElement instanceof HTMLElement && host.contains(document.activeElement)
      ? document.activeElement
      : null);
  handoffFocus = null;
  slot.appendChild(host);
  if (focused?.isConnected && document.activeElement !== focused) focused.focus({ preventScroll: true });
  // taking over from the plain stage: the page stays where the user scrolled it; a new page starts at the top
  if (scrollTop.current?.pathname === pathname) slot.scrollTop = scrollTop.current.top;
  scrollTop.current = null;
}
