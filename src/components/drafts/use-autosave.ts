import { useEffect, useLayoutEffect, useRef } from 'react';

/** How long typing rests before a form's input is saved on its own. */
export const AUTOSAVE_DELAY_MS = 3_000;

/**
 * Runs `save` once the input has rested for `delayMs` after its last change. `version` counts the person's edits
 * (0: nothing typed yet, nothing to save); a newer edit restarts the wait, leaving the page cancels it (the leave
 * guard asks instead).
 */
export function useAutosave(version: number, save: () => void, delayMs = AUTOSAVE_DELAY_MS): void {
  const latest = useRef(save);
  useLayoutEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!version) return;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [version, delayMs]);
}
