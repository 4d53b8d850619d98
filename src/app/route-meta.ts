import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** the route's Chinese name: window title and title bar text */
    title?: string;
    /** depth used for slide direction: a higher index slides in from the right */
    index?: number;
    /** a home page: the hybrid back button offers to exit here */
    home?: boolean;
    /** draws no title bar (login, open-app): the page has its own header */
    bare?: boolean;
  }
}

export const DEFAULT_TITLE = '协同办公系统';
/** Spec §2: the back arrow is hidden on these pages. */
const NO_BACK_TITLES = new Set(['我的', '通讯录']);

export interface RouteMeta {
  title: string;
  index: number;
  home: boolean;
  bare: boolean;
}

/** The deepest match that says anything wins: that is the page the user sees. */
export function metaOf(
  matches: ReadonlyArray<{ staticData?: { title?: string; index?: number; home?: boolean; bare?: boolean } }>,
): RouteMeta {
  let title = DEFAULT_TITLE;
  let index = 0;
  let home = false;
  let bare = false;
  for (const match of matches) {
    const data = match.staticData;
    if (!data) continue;
    if (data.title) title = data.title;
    if (data.index !== undefined) index = data.index;
    if (data.home !== undefined) home = data.home;
    if (data.bare !== undefined) bare = data.bare;
  }
  return { title, index, home, bare };
}

export function showsBackArrow(title: string): boolean {
  return !NO_BACK_TITLES.has(title);
}

export function useRouteMeta(): RouteMeta {
  return metaOf(useMatches());
}

/** Spec §2/§9 slide direction: forward into a deeper page slides left, back out slides right. */
export function slideDirection(fromIndex: number, toIndex: number): -1 | 0 | 1 {
  if (toIndex > fromIndex) return 1;
  if (toIndex < fromIndex) return -1;
  return 0;
}
