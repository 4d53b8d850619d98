import type { ReactNode } from 'react';
import { useSearch } from '@tanstack/react-router';
import { ListView, type ListQuery } from '@/components/list-view';
import { SplitRow, SplitView, useSearchSelection } from '@/components/split-view';
import { optionalUuid } from '@/lib/search-params';
import { useFirstRow } from './use-first-row';
import './pad-screens.css';

const ID_KEYS = ['id'] as const;

export interface PadSplitListProps<T extends { id: string }> {
  /** tabs, folders, filters drawn above the two panes */
  header?: ReactNode;
  query: ListQuery<T>;
  renderRow: (row: T) => ReactNode;
  /** what a row does instead of opening beside the list (a draft opens the compose screen); return true when handled */
  openElsewhere?: (row: T) => boolean;
  detail: (id: string, close: () => void) => ReactNode;
  listLabel: string;
  detailLabel: string;
  placeholder: string;
  searchPlaceholder: string;
  emptyTip?: string;
  /** beside the list, show its first item while none is chosen (not for items that opening changes, like mail) */
  openFirst?: boolean;
}

/**
 * The tablet screen of a list module: the list on the left, the opened item on the right (one pane with 返回 below
 * 700 px). The item is the address's `id` (with `openFirst`, the list's first row while the address names none), so
 * rotation, reload and deep links keep it; the arrow keys move through the rows; 返回 and a deleted item close it
 * without leaving an entry that Back would reopen (useSearchSelection).
 */
export function PadSplitList<T extends { id: string }>(props: PadSplitListProps<T>) {
  const {
    header,
    query,
    renderRow,
    openElsewhere,
    detail,
    listLabel,
    detailLabel,
    placeholder,
    searchPlaceholder,
    emptyTip,
    openFirst = false,
  } = props;
  const chosen = optionalUuid((useSearch({ strict: false }) as { id?: unknown }).id);
  const first = useFirstRow(query, openFirst && !chosen);
  const id = chosen ?? first.row?.id;
  const select = useSearchSelection(ID_KEYS);
  const close = () => select(null);
  return (
    <div className="pad-screen">
      {header}
      <SplitView
        listLabel={listLabel}
        detailLabel={detailLabel}
        placeholder={placeholder}
        selectedKey={id}
        onBack={close}
        list={
          <ListView
            query={query}
            itemKey={(row) => row.id}
            renderItem={(row) => (
              <SplitRow selected={row.id === id} onOpen={() => openElsewhere?.(row) || select({ id: row.id })}>
                {renderRow(row)}
              </SplitRow>
            )}
            searchable
            placeholder={searchPlaceholder}
            emptyKind="nodata"
            emptyTip={emptyTip}
            label={`${listLabel}列表`}
          />
        }
        detail={id ? detail(id, close) : first.waiting ? <></> : null}
      />
    </div>
  );
}
