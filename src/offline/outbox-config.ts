import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { OutboxBatchItem, OutboxBatchResult } from '@contract/outbox';
import type { OutboxMethod } from './outbox-store';

/** Sends one write with its Idempotency-Key; resolves to the envelope's data, rejects like @/api/http. */
export type OutboxSender = (request: {
  method: OutboxMethod;
  url: string;
  body?: unknown;
  idempotencyKey: string;
}) => Promise<unknown>;

/** Uploads one file of a write; answers its record (or records) as the file service gave them, rejects like @/api/http. */
export type OutboxUploader = (
  file: { blob: Blob; name: string },
  onProgress?: (percent: number) => void,
) => Promise<unknown>;

/** Sends many writes in one request; resolves to each write's own answer, rejects like @/api/http when none came. */
export type OutboxBatchSender = (items: OutboxBatchItem[]) => Promise<OutboxBatchResult[]>;

export interface OutboxConfig {
  send: OutboxSender;
  /** when set, a replay sends the queued writes without files in batches (POST /api/outbox/batch) */
  sendBatch?: OutboxBatchSender;
  /** the signed-in user's id; null when nobody is signed in (nothing is replayed then) */
  getUserKey: () => string | null;
  isOnline: () => boolean;
  /** invalidates the entry's keys after the server accepted it */
  queryClient?: QueryClient;
  /** uploads a file of a write; default: the file service's upload (`upload` of @/api/transfer), quietly */
  upload?: OutboxUploader;
}

const notConfigured: OutboxSender = () =>
  Promise.reject(Object.assign(new Error('outbox not configured'), { kind: 'network' }));

let config: OutboxConfig = { send: notConfigured, getUserKey: () => null, isOnline: () => onlineManager.isOnline() };

/** Main wires the real sender and user; tests wire fakes. */
export function configureOutbox(next: Partial<OutboxConfig>): void {
  config = { ...config, ...next };
}

export function outboxConfig(): OutboxConfig {
  return config;
}

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('oa-outbox');
// Node (tests) would otherwise stay alive for the channel
(channel as unknown as { unref?: () => void } | null)?.unref?.();
if (channel) channel.onmessage = () => listeners.forEach((fn) => fn());

/** Tells hooks (in this tab and others) to re-read the outbox. */
export function notifyOutbox(): void {
  listeners.forEach((fn) => fn());
  channel?.postMessage('change');
}

export function subscribeOutbox(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * For an effect that shows the outbox: runs `load` now and at every change of the outbox until the returned stop is
 * called; `alive()` is false from then on, so a late answer is not applied. A failed load waits for the next change.
 */
export function watchOutbox(load: (alive: () => boolean) => Promise<unknown>): () => void {
  let alive = true;
  const run = () => void load(() => alive).catch(() => undefined);
  run();
  const off = subscribeOutbox(run);
  return () => {
    alive = false;
    off();
  };
}
