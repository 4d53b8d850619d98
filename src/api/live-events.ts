import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { platformConfig } from '@/platform/platform-config';
import { useStore } from '@/lib/store';
import { uidStore } from '@/lib/uid-store';
import { LIVE_EVENTS_PATH } from '@contract/live-events';
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

/** The first reconnect waits up to this long, each failure doubles it, up to the cap. */
const RECONNECT_FIRST_MS = 2_000;
const RECONNECT_CAP_MS = 60_000;

/**
 * How long to wait before reconnect number `attempt` (0 = the first after a drop): a random time up to a ceiling that
 * doubles per failure, never under a second. A fixed delay brought every phone of a company back in the same second
 * after a server restart, a burst the server had to refuse; spread at random they arrive over the whole window.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_FIRST_MS * 2 ** attempt);
  return Math.round(1_000 + random() * (ceiling - 1_000));
}

/**
 * Keeps badges and lists current without a reload: one EventSource carries every module's events (GET /api/events,
 * the `event:` name is the module), so the app holds one of the browser's six connections per server, not one per
 * module. The server pushes whenever the caller's data changes (another handler acted, a new to-do or copy arrived).
 */
export function useLiveEvents(streams: LiveStream[]): void {
  const uid = useStore(uidStore);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!uid || typeof EventSource === 'undefined' || streams.length === 0) return undefined;
    // EventSource cannot send headers, and a session token in a URL lands in logs: the stream opens with a 60 s
    // ticket for its path. A closed stream (a ticket gone stale on reconnect) is reopened with a fresh one.
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // failed attempts since the stream last opened: the backoff grows with them and starts over once connected
    let failures = 0;
    const retry = () => void connect(reconnectDelay(failures++));
    const connect = async (delayMs: number): Promise<void> => {
      if (delayMs) await new Promise<void>((resolve) => (timer = setTimeout(resolve, delayMs)));
      if (stopped) return;
      let ticket: string;
      try {
        ticket = await post<string>('/api/oauth/ticket', { path: LIVE_EVENTS_PATH }, { silent: true, noLoading: true });
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      const opened = new EventSource(
        `${platformConfig.baseUrl}${LIVE_EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}`,
      );
      source = opened;
      for (const stream of streams) {
        let first = true;
        opened.addEventListener(stream.event, ((message: MessageEvent<string>) => {
          dispatchLiveEvent(stream, message.data, queryClient, first);
          first = false;
        }) as EventListener);
      }
      opened.onopen = () => {
        failures = 0;
      };
      // a stream the browser still retries itself waits the server's `retry:`, which the server spreads per stream
      opened.onerror = () => {
        if (opened.readyState === EventSource.CLOSED) retry();
      };
    };
    void connect(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [uid, queryClient, streams]);
}
