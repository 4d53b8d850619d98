import { useState } from 'react';
import type { TraceEntry } from '@contract/flow';
import { ACTION_TEXT } from '@contract/flow';
import { actingName } from '@contract/flow-proxy';
import { formatDate } from '@/lib/format';

/** A step of the timeline, or the peers a 或签 closed when one of them decided, folded into one line. */
export type TraceItem =
  | { kind: 'entry'; entry: TraceEntry }
  | { kind: 'closed'; id: string; decider: TraceEntry | null; peers: TraceEntry[] };

/**
 * Folds each run of 'closed' steps on one node (the 或签 peers whose tasks closed because another decided) into one
 * item, with the step that decided the node: on a wide 或签 the closed peers outnumber the decisions that matter.
 */
export function foldClosedPeers(trace: TraceEntry[]): TraceItem[] {
  const items: TraceItem[] = [];
  for (const entry of trace) {
    const last = items.at(-1);
    if (entry.action !== 'closed') items.push({ kind: 'entry', entry });
    else if (last?.kind === 'closed' && last.peers[0]!.nodeName === entry.nodeName) last.peers.push(entry);
    else {
      let decider: TraceEntry | null = null;
      for (let k = items.length - 1; k >= 0 && !decider; k -= 1) {
        const item = items[k]!;
        if (item.kind === 'entry' && item.entry.nodeName === entry.nodeName && item.entry.action !== 'comment')
          decider = item.entry;
      }
      items.push({ kind: 'closed', id: entry.id, decider, peers: [entry] });
    }
  }
  return items;
}

/** 王五 已同意，其余 2 人无需处理 — and, opened, who they were and why their task closed. */
export function ClosedPeers({ decider, peers }: { decider: TraceEntry | null; peers: TraceEntry[] }) {
  const [open, setOpen] = useState(false);
  const who = decider
    ? `${actingName(decider.actorName, decider.onBehalfOfName)} 已${ACTION_TEXT[decider.action]}，其余 `
    : '';
  return (
    <li className="flow-trace-item flow-trace-closed flow-trace-folded">
      <div className="flow-trace-head">
        <span className="flow-trace-fold-text">{`${who}${peers.length} 人无需处理`}</span>
        <button
          type="button"
          className="flow-trace-fold-toggle"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? '收起' : '展开'}
        </button>
      </div>
      {open && (
        <ul className="flow-trace-peers" aria-label="无需处理的人员">
          {peers.map((peer) => (
            <li key={peer.id} className="flow-trace-meta">
              {peer.actorName} · {formatDate(peer.createdAt, 'yyyy-MM-dd HH:mm')} · {peer.opinion}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
