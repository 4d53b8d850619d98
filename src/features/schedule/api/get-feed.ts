import { queryOptions } from '@tanstack/react-query';
import type { CurrentScheduleFeed } from '@contract/schedule';
import { get } from '@/api/http';
import { scheduleKeys } from './schedule-keys';

/** The subscription address 订阅 shows (null until one is made); reading it never changes it. */
export const feedOptions = () =>
  queryOptions({
    queryKey: scheduleKeys.feed,
    queryFn: () => get<CurrentScheduleFeed>('/api/schedule/feed', undefined, { noLoading: true }),
    staleTime: 0,
  });
