import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /** this entry was pushed by opening an item from its list: the entry below it is the list itself */
    splitOpened?: boolean;
  }
}

export type Selection = Record<string, string | undefined>;

/**
 * The selection of a split screen lives in the address's search under `keys`, so rotation, reload and deep links
 * keep it. `select(next)` opens an item: from the bare list it pushes one entry (Back closes it again); from an open
 * item it replaces, so choosing row after row never piles up history. `select(null)` is the one-pane 返回: it pops
 * the entry the opening pushed, or (a deep link, a replaced entry) replaces it with the bare list, and never adds an
 * entry that Back would reopen.
 */
export function useSearchSelection(keys: readonly string[]): (next: Selection | null) => void {
  const router = useRouter();
  // keys is a constant list at every call site: its text is the dependency
  const keyText = keys.join('\u0000');
  return useCallback(
    (next) => {
      const location = router.state.location;
      const current = location.search as Record<string, unknown>;
      const names = keyText.split('\u0000');
      const rest = Object.fromEntries(Object.entries(current).filter(([key]) => !names.includes(key)));
      const isOpen = names.some((key) => current[key] !== undefined);
      const opened = location.state.splitOpened === true;
      if (next === null) {
        if (!isOpen) return;
        if (opened && router.history.canGoBack()) router.history.back();
        else void router.navigate({ to: location.pathname, search: rest, replace: true } as never);
        return;
      }
      const search = { ...rest, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) };
      void router.navigate({
        to: location.pathname,
        search,
        replace: isOpen,
        state: { splitOpened: isOpen ? opened : true },
      } as never);
    },
    [router, keyText],
  );
}
