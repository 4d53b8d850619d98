import type { FlowListRow } from '@contract/flow';
import { dialog } from '@/ui/feedback';
import type { BatchOutcome, useBatchApprove } from '../api/batch-approve';

export const OUTCOME_TEXT = (o: BatchOutcome) =>
  o.state === 'done' ? '已同意' : o.state === 'queued' ? '待同步' : `未同意：${o.message}`;

interface FlowBatchBarProps {
  selected: Map<string, FlowListRow>;
  /** the loaded rows 同意 alone can settle: what 全选 takes */
  selectable: () => FlowListRow[];
  onSelect: (next: Map<string, FlowListRow>) => void;
  batch: ReturnType<typeof useBatchApprove>;
  /** the batch was sent: selecting ends */
  onDone: () => void;
}

/**
 * The footer of 批量同意: 全选, the count and 同意 with its confirmation and results. 全选 is drawn like the rows'
 * own ticks, not with antd-mobile's Checkbox: its modules regroup the split chunks, and every chunk is an entry in
 * the maps each first load carries.
 */
export function FlowBatchBar({ selected, selectable, onSelect, batch, onDone }: FlowBatchBarProps) {
  const all = selectable().length;
  const allState = selected.size === 0 ? false : selected.size >= all ? true : 'mixed';
  const toggleAll = () => onSelect(new Map(allState === true ? [] : selectable().map((row) => [row.id, row])));

  const approveSelected = async () => {
    const rows = [...selected.values()];
    const ok = await dialog.confirm({
      title: '批量同意',
      content: `确认同意选中的 ${rows.length} 项申请？`,
      confirmText: '同意',
    });
    if (!ok) return;
    const results = await batch.run(rows);
    onDone();
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

  return (
    <footer className="flow-batch-bar">
      <button type="button" role="checkbox" aria-checked={allState} className="flow-select-all" onClick={toggleAll}>
        <span
          className={`flow-select-box${allState === true ? ' flow-select-box-on' : allState === 'mixed' ? ' flow-select-box-mixed' : ''}`}
          aria-hidden="true"
        />
        全选
      </button>
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
  );
}
