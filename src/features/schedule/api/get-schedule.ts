import { queryOptions } from '@tanstack/react-query';
import type { ScheduleEvent, ScheduleOccurrence } from '@contract/schedule';
import { get } from '@/api/http';
import { scheduleKeys } from './schedule-keys';

/** Occurrences in [from, to] (Shanghai days, to inclusive): events, expanded series and accepted meetings. */
export const rangeOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: scheduleKeys.range(from, to),
    queryFn: () => get<ScheduleOccurrence[]>('/api/schedule/occurrences', { from, to }, { noLoading: true }),
    staleTime: 30_000,
  });

export const eventOptions = (id: string) =>
  queryOptions({
    queryKey: scheduleKeys.event(id),
    queryFn: () => get<ScheduleEvent>(`/api/schedule/events/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
