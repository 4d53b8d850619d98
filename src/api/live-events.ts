import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { platformConfig } from '@/platform/platform-config';
import { useStore } from '@/lib/store';
import { uidStore } from '@/lib/uid-store';
import type { LiveStream } from '@/lib/module-manifest';
import { isOwnWrite } from './own-writes';

/**
 * Hands one received event to its module. The first message of a connection only reports the state at connect time,
 * and an event stamped with the key of this client's own write (`origin`) was already handled by that write's
 * invalidation: neither refetches.
 */
export function dispatchLiveEvent(stream: LiveStream, raw: string, queryClient: QueryClient, first: boolean): void {
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch {
    return;
  }
  const origin = event && typeof event === 'object' ? (event as { origin?: unknown }).origin : undefined;
  const own = typeof origin === 'string' && isOwnWrite(origin);
  stream.handle(event, queryClient, !first && !own);
}

/**
 * Keeps badges and lists current without a reload: one EventSource per stream path the module manifests name; the
 * server pushes whenever the caller's data changes (another handler acted, a new to-do or copy arrived).
 */
export function useLiveEvents(streams: LiveStream[]): void {
  const uid = useStore(uidStore);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!uid || typeof EventSource === 'undefined' || streams.length === 0) return undefined;
    const paths = [...new Set(streams.map((s) => s.path))];
    const sources = paths.map((path) => {
      // EventSource cannot send headers; the server accepts the session in the query string for these routes only
      const source = new EventSource(`${platformConfig.baseUrl}${path}?uid=${encodeURIComponent(uid)}`);
      for (const stream of streams.filter((s) => s.path === path)) {
        let first = true;
        source.addEventListener(stream.event, ((message: MessageEvent<string>) => {
          dispatchLiveEvent(stream, message.data, queryClient, first);
          first = false;
        }) as EventListener);
      }
      return source;
    });
    return () => sources.forEach((s) => s.close());
  }, [uid, queryClient, streams]);
}
