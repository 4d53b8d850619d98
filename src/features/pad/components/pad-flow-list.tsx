import type { FlowListKind, FlowListRow } from '@contract/flow';
import { ListView } from '@/components/list-view';
import { SPLIT_ITEM_ATTR } from '@/components/split-view';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import { FlowRow } from '@/features/follow/components/flow-row';
import { LIST_KINDS } from '@/features/follow/list-kinds';
import { isSelectedRow, type FlowSelection } from '../api/flow-selection';

interface PadFlowListProps {
  kind: FlowListKind;
  filters?: Record<string, unknown>;
  selection: FlowSelection;
  onOpen: (row: FlowListRow) => void;
}

/** A flow list as the master pane: the phone list's query and rows, each a focusable split-view item. */
export function PadFlowList({ kind, filters, selection, onOpen }: PadFlowListProps) {
  const info = LIST_KINDS[kind];
  return (
    <div>
      <ListView
        query={flowListQuery(kind, filters)}
        itemKey={(row) => row.id}
        renderItem={(row) => (
          <button
            type="button"
            className="list-view-item-button"
            {...{ [SPLIT_ITEM_ATTR]: '' }}
            aria-current={isSelectedRow(kind, row, selection) ? 'true' : undefined}
            onClick={() => onOpen(row)}
          >
            <FlowRow row={row} />
          </button>
        )}
        searchable
        placeholder="搜索标题、编号、发起人"
        emptyKind={info.emptyKind}
        emptyTip={info.emptyTip}
        label={info.title}
      />
    </div>
  );
}
