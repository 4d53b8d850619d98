import { messageKeys } from '@/api/message';
import { flowKeys } from '@/lib/flow-query-keys';

export { flowKeys };

/** What a write on a flow changes: the lists, the counts, the instance, and the home badges. */
export const afterFlowWrite = (instanceId?: string): unknown[][] => [
  [...flowKeys.lists],
  [...flowKeys.counts],
  [...messageKeys.badges],
  ...(instanceId ? [[...flowKeys.instance(instanceId)]] : []),
];
