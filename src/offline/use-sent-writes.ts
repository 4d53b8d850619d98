import { useEffect, useState } from 'react';
import { outboxConfig, watchOutbox } from './outbox-config';
import { readSent, type SentWrite } from './sent-history';

/** What the signed-in user's queue sent lately (已同步), newest first. */
export async function listSent(): Promise<SentWrite[]> {
  const userKey = outboxConfig().getUserKey();
  return userKey ? readSent(userKey) : [];
}

/** The signed-in user's recently sent writes, newest first; re-read whenever the outbox changes (a write left it). */
export function useSentWrites(): SentWrite[] {
  const [sent, setSent] = useState<SentWrite[]>([]);
  useEffect(
    () =>
      watchOutbox(async (alive) => {
        const next = await listSent();
        if (alive()) setSent(next);
      }),
    [],
  );
  return sent;
}
