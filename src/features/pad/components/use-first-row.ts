import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListQuery } from '@/components/list-view';
import { useNarrowWindow } from '@/components/split-view';

export interface FirstRow<T> {
  /** the row to show beside the list, when one should be */
  row?: T;
  /** the list's first page is still on its way: the pane beside it waits blank rather than saying 请从左侧选择 */
  waiting: boolean;
}

/**
 * The row a two-pane list shows beside itself while the address names none (issue 47: an empty 请从左侧选择 pane
 * wastes half a landscape tablet). It is derived, never written into the address, so a row the person opens, a
 * reload or a deep link always wins, and Back never lands on an entry the app made up. It only reads what the list
 * pane fetched (enabled: false), so the one request it adds is the first item's detail, which a tap would load anyway.
 * Once shown, a row stays while the list still holds it: a new item arriving on top does not swap the pane under the
 * reader. A window showing one pane (iPad split view) opens nothing: there the list is the page.
 */
export function useFirstRow<T extends { id: string }>(query: ListQuery<T>, wanted: boolean): FirstRow<T> {
  const narrow = useNarrowWindow();
  const { data, isPending } = useInfiniteQuery({ ...query(''), enabled: false });
  const [shownId, setShownId] = useState<string>();
  if (!wanted || narrow) return { waiting: false };
  const rows = data?.pages.flatMap((page) => page.rows) ?? [];
  const row = rows.find((r) => r.id === shownId) ?? rows[0];
  // remembered during render (React's "adjusting state on a prop change"): it settles after one extra render
  if (row && row.id !== shownId) setShownId(row.id);
  return { row, waiting: data === undefined && isPending };
}
