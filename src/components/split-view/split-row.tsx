import type { ReactNode } from 'react';
import { SPLIT_ITEM_ATTR } from './list-keys';

interface SplitRowProps {
  selected: boolean;
  onOpen: () => void;
  children: ReactNode;
}

/** A row of a split screen's list: focusable for the arrow keys, marked when its item is the one open beside it. */
export function SplitRow({ selected, onOpen, children }: SplitRowProps) {
  return (
    <button
      type="button"
      className="list-view-item-button"
      {...{ [SPLIT_ITEM_ATTR]: '' }}
      aria-current={selected ? 'true' : undefined}
      onClick={onOpen}
    >
      {children}
    </button>
  );
}
