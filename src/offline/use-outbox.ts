import { useCallback, useEffect, useState } from 'react';
import { watchOutbox } from './outbox-config';
import { isWaiting, type OutboxEntry } from './outbox-store';
import { dismissEntry, listOutbox, retryEntry } from './outbox-list';

export interface OutboxView {
  entries: OutboxEntry[];
  /** still to be sent */
  pending: OutboxEntry[];
  /** refused by the server or given up: shown until dismissed */
  problems: OutboxEntry[];
  dismiss: (id: string) => Promise<void>;
  retry: (id: string) => Promise<void>;
  /** true when a write to `url` is still queued (a module can show its item as pending) */
  isPending: (url: string) => boolean;
}

/** The signed-in user's outbox, live. */
export function useOutbox(): OutboxView {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(
    () =>
      watchOutbox(async (alive) => {
        const next = await listOutbox();
        if (alive()) setEntries(next);
      }),
    [],
  );
  const pending = entries.filter(isWaiting);
  const problems = entries.filter((e) => e.status === 'conflict' || e.status === 'failed');
  const isPending = useCallback((url: string) => pending.some((e) => e.url === url), [pending]);
  return { entries, pending, problems, dismiss: dismissEntry, retry: retryEntry, isPending };
}
