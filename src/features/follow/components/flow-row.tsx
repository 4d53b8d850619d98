import type { FlowListRow } from '@contract/flow';
import { INSTANCE_STATUS_TEXT } from '@contract/flow';
import { formatRelativeTime } from '@/lib/format';
import './follow-base.css';
import './flow-row.css';

/** One row of any flow list: title, who and where, status tag, when. */
export function FlowRow({ row }: { row: FlowListRow }) {
  return (
    <div className="flow-row">
      <div className="flow-row-top">
        <span className="flow-row-title">{row.title}</span>
        <span className={`flow-status flow-status-${row.status}`}>{INSTANCE_STATUS_TEXT[row.status]}</span>
      </div>
      <div className="flow-row-meta">
        <span>{row.definitionName}</span>
        <span>{row.initiatorName}</span>
        {row.nodeName && <span>{row.nodeName}</span>}
        <time dateTime={row.handledAt ?? row.createdAt}>{formatRelativeTime(row.handledAt ?? row.createdAt)}</time>
      </div>
    </div>
  );
}
