import { useEffect, useRef, type ReactNode } from 'react';
import { onListKeyDown, onRowKeyDownCapture } from './list-keys';
import { useNarrowWindow } from './use-narrow-window';
import './split-view.css';

export interface SplitViewProps {
  /** the master list; its rows carry `data-split-item` and the selected one `aria-current="true"` */
  list: ReactNode;
  /** the selected item's detail, or null when nothing is selected */
  detail: ReactNode | null;
  /** accessible names of the two panes */
  listLabel: string;
  detailLabel: string;
  /** shown in the wide layout's right pane while nothing is selected */
  placeholder?: string;
  /** clears the selection (narrow layout's back step); keep the selection in the URL so resizing never loses it */
  onBack: () => void;
  /** key of the selected item: the list scrolls it into view when it changes */
  selectedKey?: string | number | null;
}

/**
 * Master–detail for the tablet routes. Wide windows show both panes; a window under SPLIT_MIN_WIDTH shows the list,
 * or the detail with a 返回 step when something is selected.
 */
export function SplitView({
  list,
  detail,
  listLabel,
  detailLabel,
  placeholder = '请从左侧选择一项',
  onBack,
  selectedKey,
}: SplitViewProps) {
  const narrow = useNarrowWindow();
  const listRef = useRef<HTMLElement>(null);
  const showList = !narrow || detail == null;
  const showDetail = !narrow || detail != null;

  useEffect(() => {
    if (selectedKey == null || !showList) return;
    listRef.current?.querySelector<HTMLElement>('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedKey, showList]);

  return (
    <div className={narrow ? 'split-view split-view-narrow' : 'split-view'}>
      {showList && (
        <section
          ref={listRef}
          className="split-view-list"
          aria-label={listLabel}
          onKeyDownCapture={onRowKeyDownCapture}
          onKeyDown={onListKeyDown}
        >
          {list}
        </section>
      )}
      {showDetail && (
        <section className="split-view-detail" aria-label={detailLabel}>
          {narrow && (
            <button type="button" className="split-view-back" onClick={onBack}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M15 5l-7 7 7 7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              返回
            </button>
          )}
          {detail ?? <p className="split-view-placeholder">{placeholder}</p>}
        </section>
      )}
    </div>
  );
}
