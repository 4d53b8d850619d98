import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import { ListView } from '@/components/list-view';
import { toast } from '@/ui/feedback';
import { flowListQuery } from '../api/get-flow-list';
import { useBatchApprove } from '../api/batch-approve';
import { LIST_KINDS } from '../list-kinds';
import { FlowRow } from './flow-row';
import { FlowBatchBar, OUTCOME_TEXT } from './flow-batch-bar';
import { FlowFilterSheet, activeFilterCount, type FlowFilters } from './flow-filter-sheet';
import './follow-base.css';
import './flow-list-page.css';

interface FlowListPageProps {
  kind: FlowListKind;
  /** filters fixed by the route (流程查询's results); the sheet's own filters add to them */
  filters?: Record<string, unknown>;
}

/** Any of the flow lists, with 筛选 (server-side, cached per filter); 待办 also offers 批量同意 for rows that need no input. */
export function FlowListPage({ kind, filters }: FlowListPageProps) {
  const navigate = useNavigate();
  const info = LIST_KINDS[kind];
  const [sheetFilters, setSheetFilters] = useState<FlowFilters>({});
  const [sheetOpen, setSheetOpen] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Map<string, FlowListRow>>(new Map());
  const batch = useBatchApprove();
  const canBatch = kind === 'todo';
  const activeCount = activeFilterCount(sheetFilters);
  const queryClient = useQueryClient();
  // the list asks for its options with the keyword it shows; remembering the last one finds the rows on screen
  const shownKeyword = useRef('');
  const listQuery = flowListQuery(kind, { ...filters, ...sheetFilters });
  const queryFor = (keyword: string) => {
    shownKeyword.current = keyword;
    return listQuery(keyword);
  };
  // 全选 takes the loaded rows that 同意 alone can settle; the rest need their own 办理
  const selectable = () =>
    (queryClient.getQueryData(listQuery(shownKeyword.current).queryKey)?.pages ?? [])
      .flatMap((p) => p.rows)
      .filter((row) => row.quickApprove);

  const open = (row: FlowListRow) => {
    const search =
      kind === 'todo' || kind === 'back'
        ? { instanceId: row.instanceId, taskId: row.id }
        : kind === 'unread' || kind === 'receive' || (kind === 'cc' && row.read === false)
          ? { instanceId: row.instanceId, readId: row.id }
          : { instanceId: row.instanceId };
    void navigate({ to: kind === 'cc' && row.read === false ? '/followUnreadDetail' : info.detail, search });
  };
  const toggle = (row: FlowListRow) => {
    if (!row.quickApprove) {
      toast.info(row.waitingForSigners ? '等待加签人处理，暂不能同意' : '该申请需填写意见或选择处理人，请单独办理');
      return;
    }
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  };
  const leaveSelecting = () => {
    setSelecting(false);
    setSelected(new Map());
  };

  const renderItem = (row: FlowListRow) => {
    const outcome = batch.outcomes[row.id];
    const row_ = <FlowRow row={row} kind={kind} />;
    if (!selecting && !outcome) return row_;
    return (
      <div className={selecting ? 'flow-select-row' : undefined}>
        {selecting && (
          <span
            className={`flow-select-box${selected.has(row.id) ? ' flow-select-box-on' : ''}${row.quickApprove ? '' : ' flow-select-box-off'}`}
            role="checkbox"
            aria-checked={selected.has(row.id)}
            aria-disabled={!row.quickApprove}
            aria-label={`选择${row.title}`}
          />
        )}
        <div className="flow-select-body">
          {row_}
          {outcome && <p className={`flow-batch-outcome flow-batch-${outcome.state}`}>{OUTCOME_TEXT(outcome)}</p>}
        </div>
      </div>
    );
  };

  return (
    <div className={`follow-page${selecting ? ' follow-page-selecting' : ''}`}>
      <div className="flow-list-tools">
        <button
          type="button"
          className={`flow-tool${activeCount > 0 ? ' flow-tool-on' : ''}`}
          onClick={() => setSheetOpen(true)}
        >
          筛选{activeCount > 0 ? `(${activeCount})` : ''}
        </button>
        {canBatch && (
          <button
            type="button"
            className="flow-tool"
            onClick={() => (selecting ? leaveSelecting() : setSelecting(true))}
          >
            {selecting ? '取消选择' : '批量同意'}
          </button>
        )}
      </div>
      <ListView
        query={queryFor}
        itemKey={(row) => row.id}
        renderItem={renderItem}
        onItemClick={selecting ? toggle : open}
        searchable
        placeholder="搜索标题、编号、发起人"
        emptyKind={info.emptyKind}
        emptyTip={info.emptyTip}
        label={info.title}
      />
      {selecting && (
        <FlowBatchBar
          selected={selected}
          selectable={selectable}
          onSelect={setSelected}
          batch={batch}
          onDone={leaveSelecting}
        />
      )}
      <FlowFilterSheet
        visible={sheetOpen}
        value={sheetFilters}
        timeLabel={info.timeLabel}
        onClose={() => setSheetOpen(false)}
        onApply={(next) => {
          setSheetFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as FlowFilters);
          setSheetOpen(false);
        }}
      />
    </div>
  );
}
