import { SearchFlowPage, type FlowSearchFilters } from '@/features/follow/components/search-flow-page';
import type { FlowSelection } from '../api/flow-selection';
import { PadFlowSplit } from './pad-flow-split';
import './pad-flow.css';

interface PadFlowSearchProps {
  filters: FlowSearchFilters;
  selection: FlowSelection;
  /** writes new filters into the route's search (a new search closes the chosen flow) */
  onSearch: (filters: FlowSearchFilters) => void;
}

/** 流程查询 on a tablet: the phone search form and its results in the list pane, the chosen flow beside them. */
export function PadFlowSearch({ filters, selection, onSearch }: PadFlowSearchProps) {
  const active = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  return (
    <PadFlowSplit
      kind="search"
      filters={active}
      selection={selection}
      header={<SearchFlowPage onSearch={onSearch} />}
    />
  );
}
