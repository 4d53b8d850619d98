import type { QueryClient } from '@tanstack/react-query';
import { isNetworkError, post } from '@/api/http';
import { messageKeys } from '@/api/message';
import { rememberOwnWrite } from '@/api/own-writes';
import { getUid } from '@/lib/uid-store';
import { newIdempotencyKey } from '@/offline/outbox';
import { isOnline, onReconnect } from '@/offline/online-status';
import { newsKeys } from './news-keys';

/*
 * Views of articles opened while offline. A view is not a write the user made, so it never enters the outbox (whose
 * 待同步 count is the user's own pending work): the article's id is kept here, once however often it is opened, and
 * sent when the network returns. The server counts one view per person, so sending one twice changes nothing.
 */

const storageKey = () => `oa.news.pending-views:${getUid() ?? ''}`;

function pending(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey()) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function keep(ids: string[]): void {
  try {
    if (ids.length) localStorage.setItem(storageKey(), JSON.stringify(ids));
    else localStorage.removeItem(storageKey());
  } catch {
    // storage full or blocked: the view is sent the next time the article is opened online
  }
}

/** The article ids whose views wait for the network (for the signed-in session). */
export const pendingViews = (): string[] => pending();

let flushing: Promise<void> | null = null;
let client: QueryClient | null = null;

/** Sends every remembered view; one that cannot reach the server stays for the next reconnect. */
export function flushPendingViews(): Promise<void> {
  if (!getUid() || !isOnline()) return Promise.resolve();
  flushing ??= (async () => {
    let sent = false;
    try {
      for (const id of pending()) {
        try {
          await post(`/api/news/articles/${encodeURIComponent(id)}/view`, undefined, {
            silent: true,
            noLoading: true,
            idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
          });
          sent = true;
        } catch (error) {
          // the network went again: keep this one and the rest; a refusal (article withdrawn, no access) is dropped
          if (isNetworkError(error)) break;
        }
        keep(pending().filter((other) => other !== id));
      }
    } finally {
      flushing = null;
    }
    if (sent && client)
      for (const queryKey of [newsKeys.counts, messageKeys.badges, newsKeys.lists])
        void client.invalidateQueries({ queryKey });
  })();
  return flushing;
}

let wired = false;

/** Counts the caller's view of an article: now when online, else once the network returns. */
export function recordView(articleId: string, queryClient: QueryClient): Promise<void> {
  client = queryClient;
  if (!wired) {
    wired = true;
    onReconnect(() => void flushPendingViews());
  }
  const ids = pending();
  if (!ids.includes(articleId)) keep([...ids, articleId]);
  return flushPendingViews();
}
