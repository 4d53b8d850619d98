import type { FlowOutcome, RouteStep, TraceEntry } from '@contract/flow';
import { ACTION_TEXT, OUTCOME_TEXT } from '@contract/flow';
import { actingName } from '@contract/flow-proxy';
import { formatDate } from '@/lib/format';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { AttachmentLinks } from '@/components/form-renderer/attachment-links';
import { TraceUrgeReach } from './trace-urge-reach';
import { ClosedPeers, foldClosedPeers } from './trace-closed-peers';
import { TraceAvatar } from './trace-avatar';
import './trace-timeline.css';

const SIGN_TEXT = { all: '会签', any: '或签' } as const;

/** Who a step waits on, as staff read it: 孙琪、周杰（会签）. */
export function waitingOn(handlers: string[], signMode: 'all' | 'any', chosenLater = false): string {
  if (chosenLater) return '由上一步处理人指定';
  if (handlers.length === 0) return '暂无处理人';
  return handlers.length > 1 ? `${handlers.join('、')}（${SIGN_TEXT[signMode]}）` : handlers[0]!;
}

interface TraceTimelineProps {
  trace: TraceEntry[];
  /** the nodes with open work now and the people they wait on */
  current?: { nodeNames: string[]; handlers: string[] };
  /** approval nodes still to come */
  ahead?: RouteStep[];
  /** a finished request's end: the last node (审批通过 / 已驳回, with its time) */
  outcome?: FlowOutcome | null;
}

/** A 评论: who said it and when (and where the request stood), the words as plain text. */
function CommentItem({ entry }: { entry: TraceEntry }) {
  return (
    <li className="flow-trace-item flow-trace-comment flow-trace-person">
      <TraceAvatar name={entry.actorName} />
      <div className="flow-trace-body">
        <div className="flow-trace-head">
          <strong>{entry.actorName}</strong>
          <span className="flow-trace-action">评论</span>
        </div>
        <div className="flow-trace-meta">
          {formatDate(entry.createdAt, 'yyyy-MM-dd HH:mm')}
          {entry.nodeName && ` · ${entry.nodeName}`}
        </div>
        <p className="flow-trace-opinion flow-trace-comment-text">{entry.opinion}</p>
      </div>
    </li>
  );
}

/**
 * The trace of a flow as a timeline: who did what at which node, with opinion, signature and attachments; then the
 * route ahead (the node waiting now and the approvals still to come), so nobody has to guess what happens next.
 */
export function TraceTimeline({ trace, current, ahead = [], outcome }: TraceTimelineProps) {
  return (
    <ol className="flow-trace" aria-label="流转记录">
      {foldClosedPeers(trace).map((item) => {
        if (item.kind === 'closed') return <ClosedPeers key={item.id} decider={item.decider} peers={item.peers} />;
        const { entry } = item;
        return entry.action === 'comment' ? (
          <CommentItem key={entry.id} entry={entry} />
        ) : (
          <li key={entry.id} className={`flow-trace-item flow-trace-${entry.action} flow-trace-person`}>
            <TraceAvatar name={entry.actorName} />
            <div className="flow-trace-body">
              <div className="flow-trace-head">
                <strong>{entry.nodeName}</strong>
                <span className="flow-trace-action">{ACTION_TEXT[entry.action] ?? entry.action}</span>
              </div>
              <div className="flow-trace-meta">
                {actingName(entry.actorName, entry.onBehalfOfName)} · {formatDate(entry.createdAt, 'yyyy-MM-dd HH:mm')}
              </div>
              {/* opinions may carry formatting from the desktop client: sanitised before they are rendered */}
              {entry.opinion && (
                <div className="flow-trace-opinion" dangerouslySetInnerHTML={{ __html: sanitizeHtml(entry.opinion) }} />
              )}
              {entry.actorSignImg && (
                <img className="flow-trace-sign" src={entry.actorSignImg} alt={`${entry.actorName}的签名`} />
              )}
              <AttachmentLinks files={entry.attachments} />
              {entry.messageId && <TraceUrgeReach messageId={entry.messageId} />}
            </div>
          </li>
        );
      })}
      {current && current.nodeNames.length > 0 && (
        <li className="flow-trace-item flow-trace-now">
          <div className="flow-trace-head">
            <strong>{current.nodeNames.join('、')}</strong>
            <span className="flow-trace-action">审批中</span>
          </div>
          <div className="flow-trace-meta">{current.handlers.join('、')}</div>
        </li>
      )}
      {ahead.map((step) => (
        <li key={step.nodeName} className="flow-trace-item flow-trace-ahead">
          <div className="flow-trace-head">
            <strong>{step.nodeName}</strong>
            <span className="flow-trace-action">待审批</span>
          </div>
          <div className="flow-trace-meta">{waitingOn(step.handlers, step.signMode, step.chosenLater)}</div>
        </li>
      ))}
      {outcome && (
        <li
          className={`flow-trace-item flow-trace-end flow-trace-end-${outcome.status}`}
          aria-label={`${OUTCOME_TEXT[outcome.status]} ${formatDate(outcome.finishedAt, 'yyyy-MM-dd HH:mm')}`}
        >
          <div className="flow-trace-head">
            <strong>{OUTCOME_TEXT[outcome.status]}</strong>
          </div>
          <div className="flow-trace-meta">{formatDate(outcome.finishedAt, 'yyyy-MM-dd HH:mm')}</div>
        </li>
      )}
    </ol>
  );
}
