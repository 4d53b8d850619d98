import type { FlowListKind, FlowListRow } from '@contract/flow';
import { INSTANCE_STATUS_TEXT } from '@contract/flow';
import { formatRelativeTime } from '@/lib/format';
import { LIST_KINDS } from '../list-kinds';
import './follow-base.css';
import './flow-row.css';

/** The tag on a 待办 row whose asker waits for the people they added (加签): nothing to 办理 until they decide. */
export const WAITING_FOR_SIGNERS_TEXT = '等待加签人处理';
/** A 待办 whose node time limit has passed. */
export const OVERDUE_TEXT = '已超时';

/**
 * One row of any flow list: title and status, the form's key fields, who and where, whom it waits on (我发起的), and
 * the time the list is sorted by, named (到达 / 处理 / 提交 …) so the order reads right.
 */
export function FlowRow({ row, kind = 'search' }: { row: FlowListRow; kind?: FlowListKind }) {
  const info = LIST_KINDS[kind];
  const unread = kind === 'cc' && row.read === false;
  const summary = row.summary ?? [];
  const waitingOn = row.waitingOn ?? [];
  const time = row.sortedAt ?? row.handledAt ?? row.createdAt;
  return (
    <div className="flow-row">
      <div className="flow-row-top">
        <span className="flow-row-title">
          {unread && <span className="flow-row-unread" aria-label="未读" />}
          {row.title}
        </span>
        {row.waitingForSigners ? (
          <span className="flow-status flow-status-waiting">{WAITING_FOR_SIGNERS_TEXT}</span>
        ) : kind === 'cc' ? (
          <span className={`flow-status ${unread ? 'flow-status-running' : 'flow-status-read'}`}>
            {unread ? '未读' : '已读'}
          </span>
        ) : (
          <span className={`flow-status flow-status-${row.status}`}>{INSTANCE_STATUS_TEXT[row.status]}</span>
        )}
      </div>
      {summary.length > 0 && (
        <dl className="flow-row-summary">
          {summary.map((item) => (
            <div key={item.label} className="flow-row-fact">
              <dt>{item.label}</dt>
              <dd>{item.text}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="flow-row-meta">
        <span>{row.definitionName}</span>
        <span>{row.initiatorName}</span>
        {row.nodeName && <span>{row.nodeName}</span>}
        {row.overdue && <span className="flow-row-overdue">{OVERDUE_TEXT}</span>}
        {/* 审批代理: the caller holds (or held) this task for someone away */}
        {row.onBehalfOfName && <span className="flow-row-proxy">代 {row.onBehalfOfName}</span>}
        {kind === 'mine' && row.status === 'running' && waitingOn.length > 0 && (
          <span className="flow-row-waiting-on">待{waitingOn.join('、')}处理</span>
        )}
        <time dateTime={time}>
          {info.timeLabel}于{formatRelativeTime(time)}
        </time>
      </div>
    </div>
  );
}
