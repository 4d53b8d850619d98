import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FlowListKind } from '@contract/flow';
import { SplitView } from '@/components/split-view';
import { LIST_KINDS } from '@/features/follow/list-kinds';
import { nextSelection, selectionOf, variantOf, type FlowSelection } from '../api/flow-selection';
import { PadFlowDetail } from './pad-flow-detail';
import { PadFlowList } from './pad-flow-list';

export interface PadFlowSplitProps {
  kind: FlowListKind;
  filters?: Record<string, unknown>;
  selection: FlowSelection;
  /** writes the selection into the route's search (null: nothing selected) */
  onSelect: (selection: FlowSelection | null) => void;
  /** shown above the list (tabs, the search form) */
  header?: ReactNode;
}

/** A flow list on the left, the chosen flow and its 办理 on the right; one pane with 返回 in a narrow window. */
export function PadFlowSplit({ kind, filters, selection, onSelect, header }: PadFlowSplitProps) {
  const queryClient = useQueryClient();
  const { instanceId } = selection;
  const afterDeal = () => {
    // a handled 待办 leaves its list: move on to the next one; other lists keep the flow, which now shows its new state
    if (kind === 'todo' || kind === 'back') onSelect(nextSelection(queryClient, kind, filters, selection));
    else onSelect({ instanceId, readId: selection.readId });
  };
  return (
    <SplitView
      listLabel={LIST_KINDS[kind].title}
      detailLabel="审批详情"
      selectedKey={instanceId ?? null}
      onBack={() => onSelect(selection.deal ? { ...selection, deal: undefined } : null)}
      list={
        <>
          {header}
          <PadFlowList kind={kind} filters={filters} selection={selection} onOpen={(row) => onSelect(selectionOf(kind, row))} />
        </>
      }
      detail={
        instanceId ? (
          <PadFlowDetail
            selection={{ ...selection, instanceId }}
            variant={variantOf(kind)}
            onDeal={(deal, taskId) => onSelect(deal ? { ...selection, deal, taskId } : { ...selection, deal: undefined })}
            onDone={afterDeal}
          />
        ) : null
      }
    />
  );
}
