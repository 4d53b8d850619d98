import { OUTBOX_BATCH_MAX } from '@contract/outbox';
import { rememberOwnWrite } from '@/api/own-writes';
import { OUTBOX_REPLAY_LOCK } from '@/lib/outbox-authority';
import { outboxConfig, notifyOutbox } from './outbox-config';
import { backoffMs, classifyFailure, conflictDetailOf } from './outbox-errors';
import { deleteEntry, isWaiting, readEntries, serial, writeEntry, type OutboxEntry } from './outbox-store';
import { reloadWhatOthersSettled, settledHere } from './sent-elsewhere';

/** After this many 5xx answers a write is marked failed and shown to the user instead of retried forever. */
export const MAX_SERVER_ATTEMPTS = 6;

let running: Promise<void> | null = null;
let again = false;
let againForced = false;
let wakeTimer: ReturnType<typeof setTimeout> | null = null;

export function invalidateAfterSend(keys: unknown[][]): void {
  const { queryClient } = outboxConfig();
  for (const queryKey of keys) void queryClient?.invalidateQueries({ queryKey });
}

/**
 * Keys the writes of the running replay changed, refetched once when it ends: thirty replayed decisions reload the
 * 待办 list once, not thirty times (each reload is a request, and the list flickers between them).
 */
const touched = new Map<string, unknown[]>();
function invalidateAtEnd(keys: unknown[][]): void {
  for (const key of keys) touched.set(JSON.stringify(key), key);
}
function flushInvalidations(): void {
  const keys = [...touched.values()];
  touched.clear();
  invalidateAfterSend(keys);
}

function wakeAt(time: number) {
  if (wakeTimer) clearTimeout(wakeTimer);
  wakeTimer = setTimeout(() => void replayOutbox(), Math.max(0, time - Date.now()));
}

const update = (entry: OutboxEntry) => serial(() => writeEntry(entry));

/** The body to send: the entry's files not uploaded yet go first (the file code is fetched only for such an entry). */
async function bodyToSend(
  entry: OutboxEntry,
  onUploaded: (files: OutboxEntry['files']) => Promise<void>,
): Promise<unknown> {
  if (!entry.files.length) return entry.body;
  const { uploadFiles, withUploads } = await import('./outbox-files');
  return withUploads(entry.body, await uploadFiles(entry.files, onUploaded));
}

/**
 * The server applied the write: it leaves the queue for the short 已同步 history, and what it changed is reloaded when
 * the replay ends.
 */
async function settleSent(entry: OutboxEntry): Promise<void> {
  settledHere(entry.id);
  await serial(() => deleteEntry(entry.id));
  // only shown to the person: a history that cannot be written must not hold up the writes behind it. Fetched once a
  // write was sent, so the chunks that carry the replay (one per page that writes) do not each carry it too
  await import('./sent-history').then(({ recordSent }) => recordSent(entry)).catch(() => undefined);
  notifyOutbox();
  invalidateAtEnd(entry.invalidate);
}

/**
 * The write got no answer, or a refusal: kept to retry (with backoff, strictly first) or marked for the person to see.
 * True when the replay may go on with the next write.
 */
async function settleFailure(current: OutboxEntry, error: unknown): Promise<boolean> {
  const { kind, message } = classifyFailure(error);
  const attempts = current.attempts + 1;
  const final = kind === 'conflict' || (kind === 'server' && attempts >= MAX_SERVER_ATTEMPTS);
  if (final) settledHere(current.id);
  if (kind === 'conflict') {
    const refusal = conflictDetailOf(error);
    await update({ ...current, status: 'conflict', attempts, error: message, ...(refusal ? { refusal } : {}) });
  } else if (kind === 'server' && attempts >= MAX_SERVER_ATTEMPTS) {
    await update({ ...current, status: 'failed', attempts, error: message });
  } else {
    const counted = kind === 'auth' ? current.attempts : attempts;
    const nextAttemptAt = kind === 'auth' ? 0 : Date.now() + backoffMs(counted);
    await update({ ...current, status: 'pending', attempts: counted, nextAttemptAt, error: message });
    notifyOutbox();
    if (nextAttemptAt) wakeAt(nextAttemptAt);
    return false; // strict order: nothing after it goes first
  }
  notifyOutbox();
  // what the screens show from this write (changed at once when it was made) is put back to the server's answer
  invalidateAtEnd(current.invalidate);
  return true; // a conflict or failure is final until the user acts; later writes go on
}

/** Sends the head entry; true when the replay may go on with the next one. */
async function sendHead(entry: OutboxEntry): Promise<boolean> {
  const { send } = outboxConfig();
  // kept current as files upload: every later store of the entry keeps their records, so none is uploaded twice
  let current: OutboxEntry = { ...entry, status: 'sending' };
  await update(current);
  notifyOutbox();
  try {
    const body = await bodyToSend(current, (files) => update((current = { ...current, files })));
    // the live event this write causes is then known as our own: it reloads nothing the replay's end does not
    rememberOwnWrite(current.idempotencyKey);
    await send({ method: current.method, url: current.url, body, idempotencyKey: current.idempotencyKey });
    await settleSent(current);
    return true;
  } catch (error) {
    return settleFailure(current, error);
  }
}

// a server without the batch endpoint (a site's own back end) is asked one write at a time until the page reloads
let batchUnsupported = false;

/** The head and the writes right behind it that can leave in one batch: no file to upload first. */
function batchable(waiting: OutboxEntry[]): OutboxEntry[] {
  if (batchUnsupported || !outboxConfig().sendBatch) return [];
  const end = waiting.findIndex((e) => e.files.length > 0);
  return waiting.slice(0, end < 0 ? waiting.length : end).slice(0, OUTBOX_BATCH_MAX);
}

async function run(force: boolean): Promise<void> {
  const { getUserKey, isOnline } = outboxConfig();
  let first = true;
  for (;;) {
    const userKey = getUserKey();
    if (!userKey || !isOnline()) return;
    const waiting = (await readEntries(userKey)).filter(isWaiting);
    const head = waiting[0];
    if (!head) return;
    if (head.nextAttemptAt > Date.now() && !(force && first)) {
      wakeAt(head.nextAttemptAt);
      return;
    }
    first = false;
    // writes without files to upload leave together, one request for many (the batch code is its own chunk)
    const together = batchable(waiting);
    if (together.length > 1) {
      const { sendTogether } = await import('./replay-batch');
      const sent = await sendTogether(together, { sent: settleSent, failure: settleFailure });
      if (sent === 'unsupported') batchUnsupported = true;
      else if (!sent) return;
      continue;
    }
    if (!(await sendHead(head))) return;
  }
}

function withTabLock(work: () => Promise<void>): Promise<void> {
  // two tabs replaying at once would still be safe (same keys), but the order would not
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request(OUTBOX_REPLAY_LOCK, work).then(() => undefined) : work();
}

/** Replays the signed-in user's queued writes strictly in order; `force` ignores the backoff of the head entry. */
export function replayOutbox(options: { force?: boolean } = {}): Promise<void> {
  // a write waits: from now on, what the service worker sends of the queue is reloaded here too
  reloadWhatOthersSettled();
  if (running) {
    again = true;
    againForced ||= !!options.force;
    return running;
  }
  running = (async (): Promise<void> => {
    let force = !!options.force;
    do {
      again = false;
      await withTabLock(() => run(force)).catch(() => undefined);
      force = againForced;
      againForced = false;
    } while (again);
  })().finally(() => {
    running = null;
    flushInvalidations();
  });
  return running;
}

/** Waits until a running replay (if any) has finished. */
export function outboxIdle(): Promise<void> {
  return running ?? Promise.resolve();
}
