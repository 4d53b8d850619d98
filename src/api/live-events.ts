import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { platformConfig } from '@/platform/platform-config';
import { useStore } from '@/lib/store';
import { uidStore } from '@/lib/uid-store';
import type { LiveStream } from '@/lib/module-manifest';
import { isOwnWrite } from './own-writes';
import { post } from './http';

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
    // EventSource cannot send headers, and a session token in a URL lands in logs: each stream opens with a 60 s
    // ticket for its path. A closed stream (a ticket gone stale on reconnect) is reopened with a fresh one.
    let stopped = false;
    const sources: EventSource[] = [];
    const timers: ReturnType<typeof setTimeout>[] = [];
    const connect = async (path: string, delayMs: number): Promise<void> => {
      if (delayMs) await new Promise<void>((resolve) => timers.push(setTimeout(resolve, delayMs)));
      if (stopped) return;
      let ticket: string;
      try {
        ticket = await post<string>('/api/oauth/ticket', { path }, { silent: true, noLoading: true });
      } catch {
        void connect(path, Math.min(Math.max(delayMs * 2, 2000), 60_000));
        return;
      }
      if (stopped) return;
      const source = new EventSource(`${platformConfig.baseUrl}${path}?ticket=${encodeURIComponent(ticket)}`);
      sources.push(source);
      for (const stream of streams.filter((s) => s.path === path)) {
        let first = true;
        source.addEventListener(stream.event, ((message: MessageEvent<string>) => {
          dispatchLiveEvent(stream, message.data, queryClient, first);
          first = false;
        }) as EventListener);
      }
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) void connect(path, 2000);
      };
    };
    for (const path of new Set(streams.map((s) => s.path))) void connect(path, 0);
    return () => {
      stopped = true;
      timers.forEach(clearTimeout);
      sources.forEach((s) => s.close());
    };
  }, [uid, queryClient, streams]);
}
