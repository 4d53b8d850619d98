import { useRef } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryReport } from '@contract/message';
import { get } from '@/api/http';

/** How often and how long the sender's report is asked again while a channel is still 发送中 (the outbox sends within seconds). */
export const REPORT_POLL_MS = 1000;
export const REPORT_POLL_FOR_MS = 8000;

/** GET /api/message/:id/deliveries: how each channel of a reminder the user sent went (only its sender may read it). */
export const deliveryReportQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: ['message', 'deliveries', messageId] as const,
    queryFn: () =>
      get<DeliveryReport>(`/api/message/${encodeURIComponent(messageId)}/deliveries`, undefined, {
        noLoading: true,
        silent: true,
      }),
    staleTime: 0,
  });

/** Asked again while a channel is sending, or a push waits for its device's receipt (it comes within seconds). */
export const stillSending = (report: DeliveryReport | undefined) =>
  !report ||
  report.channels.some((c) => c.state === 'sending') ||
  report.people.some((p) => p.channels.some((c) => c.state === 'unconfirmed'));

/** The report of one reminder, asked again every second while something is on its way, for a few seconds at most. */
export function useDeliveryReport(messageId: string | null) {
  const started = useRef<{ id: string | null; at: number }>({ id: null, at: 0 });
  if (started.current.id !== messageId) started.current = { id: messageId, at: Date.now() };
  return useQuery({
    ...deliveryReportQueryOptions(messageId ?? ''),
    enabled: Boolean(messageId),
    refetchInterval: (query) =>
      stillSending(query.state.data) && Date.now() - started.current.at < REPORT_POLL_FOR_MS ? REPORT_POLL_MS : false,
  });
}
