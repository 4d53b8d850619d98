import type { TraceEntry } from '@contract/flow';
import { ACTION_TEXT } from '@contract/flow';
import { formatDate } from '@/lib/format';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { AttachmentLinks } from '@/components/form-renderer/attachment-links';

/** The trace of a flow as a timeline: who did what at which node, with opinion, signature and attachments. */
export function TraceTimeline({ trace }: { trace: TraceEntry[] }) {
  return (
    <ol className="flow-trace" aria-label="流转记录">
      {trace.map((entry) => (
        <li key={entry.id} className={`flow-trace-item flow-trace-${entry.action}`}>
          <div className="flow-trace-head">
            <strong>{entry.nodeName}</strong>
            <span className="flow-trace-action">{ACTION_TEXT[entry.action] ?? entry.action}</span>
          </div>
          <div className="flow-trace-meta">
            {entry.actorName} · {formatDate(entry.createdAt, 'yyyy-MM-dd HH:mm')}
          </div>
          {/* opinions may carry formatting from the desktop client: sanitised before they are rendered */}
          {entry.opinion && <div className="flow-trace-opinion" dangerouslySetInnerHTML={{ __html: sanitizeHtml(entry.opinion) }} />}
          {entry.actorSignImg && <img className="flow-trace-sign" src={entry.actorSignImg} alt={`${entry.actorName}的签名`} />}
          <AttachmentLinks files={entry.attachments} />
        </li>
      ))}
    </ol>
  );
}
