import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { platformConfig } from '@/platform/platform-config';
import { useStore } from '@/lib/store';
import { uidStore } from '@/lib/uid-store';
import { messageKeys } from './message';

/**
 * Keeps badges and flow lists current without a reload: the server pushes the caller's flow counts whenever their
 * lists change (another handler acted, a new to-do or copy arrived), and what is on screen is refetched.
 */
export function useLiveFlowEvents(): void {
  const uid = useStore(uidStore);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!uid || typeof EventSource === 'undefined') return undefined;
    // EventSource cannot send headers; the server accepts the session in the query string for this route only
    const source = new EventSource(`${platformConfig.baseUrl}/api/flow/events?uid=${encodeURIComponent(uid)}`);
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
      void queryClient.invalidateQueries({ queryKey: messageKeys.badges });
      void queryClient.invalidateQueries({ queryKey: ['flow', 'list'] });
    };
    source.addEventListener('flow', handleFlow as EventListener);
    return () => source.close();
  }, [uid, queryClient]);
}
