import type { KeyboardEvent } from 'react';

/** Rows opt in with this attribute; each row is a focusable element whose click opens it. */
export const SPLIT_ITEM_ATTR = 'data-split-item';

const MOVE_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/**
 * The moving keys on a row are taken before the list's own widgets hear them: ListView's PullToRefresh takes the arrow
 * keys for its drag gesture and would stop them before the pane's handler runs.
 */
export function onRowKeyDownCapture(event: KeyboardEvent<HTMLElement>) {
  if (
    !MOVE_KEYS.has(event.key) ||
    !(event.target instanceof HTMLElement) ||
    !event.target.closest(`[${SPLIT_ITEM_ATTR}]`)
  )
    return;
  onListKeyDown(event);
  event.stopPropagation();
}

/**
 * Arrow keys move focus through the rows of a master list, Home/End jump, Enter opens the focused row.
 * Rows are found in the DOM so any list (virtualised or paged) works without registering its items.
 */
export function onListKeyDown(event: KeyboardEvent<HTMLElement>) {
  const { key } = event;
  if (!MOVE_KEYS.has(key) && key !== 'Enter') return;
  // keys typed in the pane's search box move its caret, never the focus
  if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]'))
    return;
  const rows = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(`[${SPLIT_ITEM_ATTR}]`));
  if (rows.length === 0) return;
  const active =
    document.activeElement instanceof HTMLElement
      ? document.activeElement.closest<HTMLElement>(`[${SPLIT_ITEM_ATTR}]`)
      : null;
  const index = active ? rows.indexOf(active) : -1;
  if (key === 'Enter') {
    // Buttons and links click themselves on Enter; other focusable rows need the click passed on.
    if (active && active === document.activeElement && !/^(A|BUTTON)$/.test(active.tagName)) {
      event.preventDefault();
      active.click();
    }
    return;
  }
  event.preventDefault();
  const next =
    key === 'Home'
      ? 0
      : key === 'End'
        ? rows.length - 1
        : key === 'ArrowDown'
          ? Math.min(index + 1, rows.length - 1)
          : Math.max(index - 1, 0);
  rows[next]?.focus();
  rows[next]?.scrollIntoView({ block: 'nearest' });
}
