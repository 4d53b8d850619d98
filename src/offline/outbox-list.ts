import { notifyOutbox, outboxConfig } from './outbox-config';
import { deleteEntry, readEntries, readEntry, serial, writeEntry, type OutboxEntry } from './outbox-store';

/** Removes a conflict (after the user read it) or gives up a queued write. */
export async function dismissEntry(id: string): Promise<void> {
  await serial(() => deleteEntry(id));
  notifyOutbox();
}

/** Sends a failed or conflicting write once more (same key: the server answers the same if it was applied). */
export async function retryEntry(id: string): Promise<void> {
  await serial(async () => {
    const entry = await readEntry(id);
    if (entry) await writeEntry({ ...entry, status: 'pending', attempts: 0, nextAttemptAt: 0 });
  });
  notifyOutbox();
  // the sending code is fetched when a write is retried, not with the pending list every page shows
  const { replayOutbox } = await import('./replay');
  void replayOutbox({ force: true });
}

/** The signed-in user's queued writes, in order. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  const userKey = outboxConfig().getUserKey();
  return userKey ? readEntries(userKey) : [];
}
