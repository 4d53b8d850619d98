import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import { ListView } from '@/components/list-view';
import { dialog, toast } from '@/ui/feedback';
import { flowListQuery } from '../api/get-flow-list';
import { useBatchApprove, type BatchOutcome } from '../api/batch-approve';
import { LIST_KINDS } from '../list-kinds';
import { FlowRow } from './flow-row';
import { FlowFilterSheet, activeFilterCount, type FlowFilters } from './flow-filter-sheet';
import './follow-base.css';
import './flow-list-page.css';

interface FlowListPageProps {
  kind: FlowListKind;
  /** filters fixed by the route (流程查询's results); the sheet's own filters add to them */
  filters?: Record<string, unknown>;
}

const OUTCOME_TEXT = (o: BatchOutcome) =>
  o.state === 'done' ? '已同意' : o.state === 'queued' ? '待同步' : `未同意：${o.message}`;

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
  const approveSelected = async () => {
    const rows = [...selected.values()];
    const ok = await dialog.confirm({
      title: '批量同意',
      content: `确认同意选中的 ${rows.length} 项申请？`,
      confirmText: '同意',
    });
    if (!ok) return;
    const results = await batch.run(rows);
    leaveSelecting();
    await dialog.alert({
      title: '批量同意结果',
      content: (
        <ul className="flow-batch-results" aria-label="批量同意结果">
          {rows.map((row) => (
            <li key={row.id}>
              <span>{row.title}</span>
              <strong className={`flow-batch-${results[row.id]!.state}`}>{OUTCOME_TEXT(results[row.id]!)}</strong>
            </li>
          ))}
        </ul>
      ),
    });
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
        query={flowListQuery(kind, { ...filters, ...sheetFilters })}
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
        <footer className="flow-batch-bar">
          <span>已选 {selected.size} 项</span>
          <button
            type="button"
            className="flow-button flow-button-primary"
            disabled={selected.size === 0 || batch.running}
            onClick={() => void approveSelected()}
          >
            同意({selected.size})
          </button>
        </footer>
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
