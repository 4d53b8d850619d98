export { SplitView, type SplitViewProps } from './split-view';
export { SplitRow } from './split-row';
export { onListKeyDown, onRowKeyDownCapture, SPLIT_ITEM_ATTR } from './list-keys';
export { useNarrowWindow, SPLIT_MIN_WIDTH } from './use-narrow-window';
export { useSearchSelection, type Selection } from './use-search-selection';
