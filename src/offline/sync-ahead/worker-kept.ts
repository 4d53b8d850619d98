import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { KeptFile } from './kept-file';

let keptStore: UseStore | null = null;
const store = () => (keptStore ??= createStore('oa-sync-worker-kept', 'files'));

type KeptFiles = Record<string, KeptFile>;

/*
 * The files the service worker kept ahead while no app window was open (sw/sync-ahead-todo.ts), per person. The
 * page's own record of what a sync kept lives in localStorage, which a worker cannot reach; without this list the
 * page would never count those files in the budget nor delete them once their 待办 was handled.
 */

/** Adds what the worker just kept to what it kept before for the person. */
export async function noteWorkerKept(userKey: string, files: KeptFiles): Promise<void> {
  if (!Object.keys(files).length) return;
  const earlier = (await get<KeptFiles>(userKey, store())) ?? {};
  await set(userKey, { ...earlier, ...files }, store());
}

/** What the worker kept for the person since the page last took it over. */
export async function workerKept(userKey: string): Promise<KeptFiles> {
  return (await get<KeptFiles>(userKey, store()).catch(() => undefined)) ?? {};
}

/** The page's sync (or 清除) has taken the person's files over, or (no one given) the person signed out. */
export async function forgetWorkerKept(userKey?: string): Promise<void> {
  await (userKey ? del(userKey, store()) : clear(store())).catch(() => undefined);
}
