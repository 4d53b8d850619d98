import { vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { OutboxEntry, SendOrQueueResult } from '@/offline/outbox';
import { SESSION_KEYS, writeJson } from '@/lib/local-keys';

export interface SentRequest {
  method: string;
  url: string;
  body?: unknown;
  idempotencyKey: string;
}

/** A fake server for the outbox: records every send; `answers` scripts failures (first in, first used). */
export function fakeNetwork() {
  const sent: SentRequest[] = [];
  const answers: Array<(req: SentRequest) => Promise<unknown>> = [];
  const state = { online: true, userKey: 'user-1' as string | null };
  const send = vi.fn(async (req: SentRequest) => {
    sent.push(req);
    const answer = answers.shift();
    return answer ? answer(req) : { ok: true, url: req.url };
  });
  // the file service: records every upload (with its bytes); `uploadAnswers` scripts failures like `answers`
  const uploads: Array<{ name: string; type: string; text: string }> = [];
  const uploadAnswers: Array<() => Promise<unknown>> = [];
  const upload = vi.fn(async ({ blob, name }: { blob: Blob; name: string }, onProgress?: (percent: number) => void) => {
    uploads.push({ name, type: blob.type, text: await blob.text() });
    onProgress?.(50);
    onProgress?.(100);
    const answer = uploadAnswers.shift();
    if (answer) return answer();
    return [{ fileName: `stored-${uploads.length}`, attachName: name, size: blob.size, mime: blob.type }];
  });
  return { sent, answers, state, send, uploads, uploadAnswers, upload };
}

export const networkDown = () => Promise.reject(Object.assign(new Error('网络异常'), { kind: 'network' }));
export const serverError = () =>
  Promise.reject(Object.assign(new Error('系统内部错误'), { kind: 'http', status: 500, code: 500 }));
export const conflict = (msg: string) => () =>
  Promise.reject(Object.assign(new Error(msg), { kind: 'business', status: 409, code: 409 }));

/** Imports a fresh copy of the outbox modules, as a reloaded page would, over the same (fake) IndexedDB. */
export async function loadOutbox(net: ReturnType<typeof fakeNetwork>, queryClient = new QueryClient()) {
  vi.resetModules();
  const outbox = await import('@/offline/outbox');
  const replay = await import('@/offline/replay');
  const config = await import('@/offline/outbox-config');
  const files = await import('@/offline/outbox-files');
  const store = await import('@/offline/outbox-store');
  const list = await import('@/offline/outbox-list');
  const sentHistory = await import('@/offline/use-sent-writes');
  config.configureOutbox({
    send: net.send,
    upload: net.upload,
    getUserKey: () => net.state.userKey,
    isOnline: () => net.state.online,
    queryClient,
  });
  return {
    ...outbox,
    ...replay,
    ...files,
    ...store,
    ...list,
    ...sentHistory,
    queryClient,
    configureOutbox: config.configureOutbox,
  };
}

/** The entry of a write that sendOrQueue queued (the tests queue with the network down). */
export function entryOf(result: SendOrQueueResult<unknown>): OutboxEntry {
  if (!result.queued) throw new Error('expected the write to be queued');
  return result.entry;
}

/** The upload limit the server announced, as the site config stores it on the phone (the one the upload rule reads). */
export function announceUploadLimit(maxSizeMb: number) {
  writeJson(SESSION_KEYS.siteConfig, {
    webName: '',
    tenantId: '',
    tipConfig: { mobileTip: '' },
    upload: { maxSizeMb, accept: '*' },
    watermark: false,
  });
}

/** Deletes every stored entry and the history of sent ones (between tests). */
export async function clearOutbox() {
  const { clear, createStore } = await import('idb-keyval');
  await clear(createStore('oa-outbox', 'entries'));
  await clear(createStore('oa-outbox-sent', 'sent'));
}
