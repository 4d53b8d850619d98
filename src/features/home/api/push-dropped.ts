import { queryOptions } from '@tanstack/react-query';
import { pushDroppedHere } from '@/api/push-device';

/** Whether this device's push subscription was dropped by the push service (asked once per open of the home page). */
export const pushDroppedQueryOptions = () =>
  queryOptions({
    queryKey: ['push', 'dropped-here'] as const,
    queryFn: pushDroppedHere,
    staleTime: Infinity,
    retry: false,
  });
