import { outboxConfig, notifyOutbox } from './outbox-config';
import { backoffMs, classifyFailure } from './outbox-errors';
import { deleteEntry, readEntries, serial, writeEntry, type OutboxEntry } from './outbox-store';

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

/** Sends the head entry; true when the replay may go on with the next one. */
async function sendHead(entry: OutboxEntry): Promise<boolean> {
  const { send } = outboxConfig();
  // kept current as files upload: every later store of the entry keeps their records, so none is uploaded twice
  let current: OutboxEntry = { ...entry, status: 'sending' };
  await update(current);
  notifyOutbox();
  try {
    const body = await bodyToSend(current, (files) => update((current = { ...current, files })));
    await send({ method: current.method, url: current.url, body, idempotencyKey: current.idempotencyKey });
    await serial(() => deleteEntry(current.id));
    notifyOutbox();
    invalidateAfterSend(current.invalidate);
    return true;
  } catch (error) {
    const { kind, message } = classifyFailure(error);
    const attempts = current.attempts + 1;
    if (kind === 'conflict') {
      await update({ ...current, status: 'conflict', attempts, error: message });
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
    invalidateAfterSend(current.invalidate);
    return true; // a conflict or failure is final until the user acts; later writes go on
  }
}

async function run(force: boolean): Promise<void> {
  const { getUserKey, isOnline } = outboxConfig();
  let first = true;
  for (;;) {
    const userKey = getUserKey();
    if (!userKey || !isOnline()) return;
    const head = (await readEntries(userKey)).find((e) => e.status === 'pending' || e.status === 'sending');
    if (!head) return;
    if (head.nextAttemptAt > Date.now() && !(force && first)) {
      wakeAt(head.nextAttemptAt);
      return;
    }
    first = false;
    if (!(await sendHead(head))) return;
  }
}

function withTabLock(work: () => Promise<void>): Promise<void> {
  // two tabs replaying at once would still be safe (same keys), but the order would not
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request('oa-outbox-replay', work).then(() => undefined) : work();
}

/** Replays the signed-in user's queued writes strictly in order; `force` ignores the backoff of the head entry. */
export function replayOutbox(options: { force?: boolean } = {}): Promise<void> {
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
  });
  return running;
}

/** Waits until a running replay (if any) has finished. */
export function outboxIdle(): Promise<void> {
  return running ?? Promise.resolve();
}
