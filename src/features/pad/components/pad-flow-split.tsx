import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FlowListKind } from '@contract/flow';
import { SplitView, useSearchSelection } from '@/components/split-view';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import { LIST_KINDS } from '@/features/follow/list-kinds';
import { FLOW_SELECTION_KEYS } from '../api/flow-search-params';
import { nextSelection, selectionOf, variantOf, type FlowSelection } from '../api/flow-selection';
import { PadFlowDetail } from './pad-flow-detail';
import { PadFlowList } from './pad-flow-list';
import { useFirstRow } from './use-first-row';

export interface PadFlowSplitProps {
  kind: FlowListKind;
  filters?: Record<string, unknown>;
  /** the selection read from the route's search (FLOW_SELECTION_KEYS); choosing writes it back there */
  selection: FlowSelection;
  /** shown above the list (tabs, the search form) */
  header?: ReactNode;
}

/**
 * A flow list on the left, the chosen flow and its 办理 on the right; one pane with 返回 in a narrow window. While the
 * address names no flow, a wide window shows the list's first one (not on 待阅/收文, where opening marks it read, nor
 * on 流程查询's results); everything below works on that shown selection, so 办理 on it writes it into the address.
 */
export function PadFlowSplit({ kind, filters, selection: chosen, header }: PadFlowSplitProps) {
  const queryClient = useQueryClient();
  const select = useSearchSelection(FLOW_SELECTION_KEYS);
  const opensFirst = kind !== 'search' && variantOf(kind) !== 'unread';
  const first = useFirstRow(flowListQuery(kind, filters), opensFirst && !chosen.instanceId);
  const selection = chosen.instanceId || !first.row ? chosen : selectionOf(kind, first.row);
  const { instanceId } = selection;
  const afterDeal = () => {
    // a handled 待办 leaves its list: move on to the next one; other lists keep the flow, which now shows its new state
    if (kind === 'todo' || kind === 'back')
      select(nextSelection(queryClient, kind, filters, selection) as Record<string, string> | null);
    else select({ instanceId, readId: selection.readId });
  };
  return (
    <SplitView
      listLabel={LIST_KINDS[kind].title}
      detailLabel="审批详情"
      selectedKey={instanceId ?? null}
      onBack={() => select(selection.deal ? { ...selection, deal: undefined } : null)}
      list={
        <>
          {header}
          <PadFlowList
            kind={kind}
            filters={filters}
            selection={selection}
            onOpen={(row) => select({ ...selectionOf(kind, row) })}
          />
        </>
      }
      detail={
        instanceId ? (
          <PadFlowDetail
            selection={{ ...selection, instanceId }}
            variant={variantOf(kind)}
            onDeal={(deal, taskId) => select(deal ? { ...selection, deal, taskId } : { ...selection, deal: undefined })}
            onDone={afterDeal}
          />
        ) : first.waiting ? (
          <></>
        ) : null
      }
    />
  );
}
