import { forgetOutboxAuthority } from '@/lib/outbox-authority';
import { notifyOutbox, outboxConfig } from './outbox-config';
import { deleteEntry, readEntries, readEntry, serial, writeEntry, type OutboxEntry } from './outbox-store';

export { isWaiting } from './outbox-store';

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

/**
 * Deletes the signed-in user's queued writes and the history of those sent: a deliberate logout (退出登录, after saying
 * how many wait) leaves nothing of theirs on the device. An expired session keeps them, to be sent when the same person
 * signs in again.
 */
export async function wipeOutbox(): Promise<void> {
  const userKey = outboxConfig().getUserKey();
  if (!userKey) return;
  await serial(async () => {
    for (const entry of await readEntries(userKey)) await deleteEntry(entry.id);
  });
  // fetched on 退出登录 only: the pending bar every page shows uses this module too
  await import('./sent-history').then(({ wipeSent }) => wipeSent(userKey)).catch(() => undefined);
  // nor the session the service worker would have sent them with
  await forgetOutboxAuthority().catch(() => undefined);
  notifyOutbox();
}
