import { createStore, del, set, values, type UseStore } from 'idb-keyval';
// relative: the service worker writes this history too (sw/outbox-sync.ts), and its type-check resolves no aliases
import type { OutboxEntry } from './outbox-store';

/** A queued write the server applied, kept only to show that it left: no body, nothing typed. */
export interface SentWrite {
  id: string;
  userKey: string;
  label: string;
  verb?: string;
  sentAt: number;
  /** the queue's order: writes sent in the same millisecond (one batch) still list newest first */
  seq: number;
}

/** A short history: enough to check that this week's offline 同意 went through, never a log that grows. */
export const SENT_HISTORY_MAX = 50;
export const SENT_HISTORY_MAX_AGE_MS = 7 * 24 * 3_600_000;

let sentStore: UseStore | null = null;
// its own database: idb-keyval cannot add a store to the outbox's database, which older versions already created
const store = () => (sentStore ??= createStore('oa-outbox-sent', 'sent'));

/** One person's history, newest first. */
async function allOf(userKey: string): Promise<SentWrite[]> {
  // values, not entries: the first load's idb-keyval chunk already carries it (each id is in its record)
  const stored = await values<SentWrite>(store());
  return stored.filter((w) => w.userKey === userKey).sort((a, b) => b.sentAt - a.sentAt || b.seq - a.seq);
}

type Sent = Pick<OutboxEntry, 'id' | 'userKey' | 'label'> & Partial<Pick<OutboxEntry, 'verb' | 'seq'>>;

/** Notes that the server applied a queued write, and forgets what falls out of the history. */
export async function recordSent(entry: Sent, sentAt = Date.now()): Promise<void> {
  const write: SentWrite = { id: entry.id, userKey: entry.userKey, label: entry.label, sentAt, seq: entry.seq ?? 0 };
  if (entry.verb) write.verb = entry.verb;
  await set(entry.id, write, store());
  const newestFirst = await allOf(entry.userKey);
  const oldest = sentAt - SENT_HISTORY_MAX_AGE_MS;
  const dropped = newestFirst.filter((w, i) => i >= SENT_HISTORY_MAX || w.sentAt < oldest);
  for (const w of dropped) await del(w.id, store());
}

/** One person's sent writes, newest first, within the history's age. */
export async function readSent(userKey: string, now = Date.now()): Promise<SentWrite[]> {
  const oldest = now - SENT_HISTORY_MAX_AGE_MS;
  return (await allOf(userKey)).filter((w) => w.sentAt >= oldest).slice(0, SENT_HISTORY_MAX);
}

/** Deletes one person's history (退出登录, with their queued writes). */
export async function wipeSent(userKey: string): Promise<void> {
  for (const w of await allOf(userKey)) await del(w.id, store());
}
