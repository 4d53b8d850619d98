import { queryOptions } from '@tanstack/react-query';
import { listPushDevices } from '@/api/push-device';

/** GET /api/push/subscriptions: the signed-in person's devices and what each last reported shown. */
export const pushDevicesQueryOptions = () =>
  queryOptions({ queryKey: ['push', 'devices'] as const, queryFn: listPushDevices, staleTime: 0 });
