import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { outboxConfig } from './outbox-config';
import { isWaiting, type OutboxEntry } from './outbox-store';
import { refusalText } from './refusal-text';
import { useOutbox } from './use-outbox';
import './pending-writes.css';

/** How long "已同步 N 项" stays after the queue drained. */
export const SYNCED_NOTICE_MS = 4000;

/**
 * What the last drain of the queue did: every write seen waiting since the queue was last empty either left it (the
 * server applied it) or stayed as a problem (refused or given up). Said once, briefly, when nothing waits any more.
 */
function useSyncedNotice(entries: OutboxEntry[]): string | null {
  const seen = useRef<{ user: string | null; ids: Set<string> }>({ user: null, ids: new Set() });
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const user = outboxConfig().getUserKey();
    // another user's queue (a sign-in as someone else) is not this one draining
    if (seen.current.user !== user) seen.current = { user, ids: new Set() };
    const ids = seen.current.ids;
    const now = entries.filter(isWaiting);
    now.forEach((e) => ids.add(e.id));
    if (now.length || !ids.size) return;
    const left = new Map(entries.map((e) => [e.id, e]));
    const refused = [...ids].filter((id) => left.has(id)).length;
    const sent = ids.size - refused;
    seen.current.ids = new Set();
    setNotice(
      !refused ? `已同步 ${sent} 项` : sent ? `已同步 ${sent} 项，${refused} 项未完成` : `${refused} 项操作未完成`,
    );
  }, [entries]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SYNCED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return notice;
}

/** What the person typed for a write that did not take effect, with 复制 so it can be used again. */
function TypedText({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(true))
      .catch(() => undefined);
  return (
    <span className="pending-writes-typed">
      你填写的内容：{text}
      <button type="button" className="pending-writes-action" onClick={copy}>
        {copied ? '已复制' : '复制'}
      </button>
    </span>
  );
}

/**
 * Queued writes at a glance: how many still wait for the network, a short 已同步 N 项 once they went through, and
 * every write the server refused, kept until the user dismisses it (a refused approval must never disappear silently).
 */
export function PendingWrites() {
  const { entries, pending, problems, dismiss, retry } = useOutbox();
  // the bar is drawn inside the router in the app; a page rendered without one opens the path by loading it
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const reopen = (href: string) => (router ? router.history.push(href) : window.location.assign(href));
  const synced = useSyncedNotice(entries);
  if (!pending.length && !problems.length && !synced) return null;
  return (
    <div className="pending-writes">
      {pending.length ? (
        <div className="pending-writes-count" role="status" data-testid="pending-writes">
          {pending.length} 项操作待同步
        </div>
      ) : synced ? (
        <div className="pending-writes-synced" role="status" data-testid="pending-writes-synced">
          {synced}
        </div>
      ) : null}
      {problems.map((entry) => (
        <div key={entry.id} className="pending-writes-problem" role="alert">
          <span className="pending-writes-text">
            {refusalText(entry)}
            {entry.typedText ? <TypedText text={entry.typedText} /> : null}
          </span>
          {entry.status === 'conflict' && entry.reopen ? (
            <button type="button" className="pending-writes-action" onClick={() => reopen(entry.reopen!)}>
              重新填写
            </button>
          ) : null}
          {entry.status === 'failed' ? (
            <button type="button" className="pending-writes-action" onClick={() => void retry(entry.id)}>
              重试
            </button>
          ) : null}
          <button type="button" className="pending-writes-action" onClick={() => void dismiss(entry.id)}>
            知道了
          </button>
        </div>
      ))}
    </div>
  );
}
