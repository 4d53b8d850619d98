import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { platformConfig } from '@/platform/platform-config';
import { useStore } from '@/lib/store';
import { uidStore } from '@/session/uid-store';
import { badgesQueryKey } from './message';
import { post } from './http';

const EVENTS_PATH = '/api/flow/events';

/**
 * Keeps badges and flow lists current without a reload: the server pushes the caller's flow counts whenever their
 * lists change (another handler acted, a new to-do or copy arrived), and what is on screen is refetched.
 */
export function useLiveFlowEvents(): void {
  const uid = useStore(uidStore);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!uid || typeof EventSource === 'undefined') return undefined;
    // EventSource cannot send headers, and a session token in a URL lands in logs: the stream opens with a 60 s
    // ticket for this path. A closed stream (a ticket gone stale on reconnect) is reopened with a fresh one.
    let source: EventSource | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const connect = async (delayMs: number) => {
      if (delayMs) await new Promise<void>((resolve) => (retry = setTimeout(resolve, delayMs)));
      if (stopped) return;
      let ticket: string;
      try {
        ticket = await post<string>('/api/oauth/ticket', { path: EVENTS_PATH }, { silent: true, noLoading: true });
      } catch {
        void connect(Math.min(Math.max(delayMs * 2, 2000), 60_000));
        return;
      }
      if (stopped) return;
      source = new EventSource(`${platformConfig.baseUrl}${EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener('flow', handleFlow as EventListener);
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED) void connect(2000);
      };
    };
    let first = true;
    const handleFlow = (event: MessageEvent<string>) => {
      try {
        queryClient.setQueryData(['flow', 'counts'], JSON.parse(event.data));
      } catch {
        return;
      }
      // the first message only reports the state at connect time; lists on screen are already fresh
      if (first) {
        first = false;
        return;
      }
      void queryClient.invalidateQueries({ queryKey: badgesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['flow', 'list'] });
    };
    void connect(0);
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [uid, queryClient]);
}
