import type { FlowLiveEvent } from '@contract/live-events';
import { messageKeys } from '@/api/message';
import type { ModuleManifest } from '@/lib/module-manifest';
import { flowKeys } from './api/flow-keys';

/** 审批: the example every module copies (see docs/adding-a-module.md). */
export const followModule: ModuleManifest = {
  key: 'flow',
  title: '审批',
  home: {
    key: 'flow',
    title: '审批',
    to: '/follow/index',
    badge: 'flow',
    color: '#1063e0',
    icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4',
    order: 10,
  },
  persistedRoots: ['flow'], // = flowKeys.all[0]
  live: [
    {
      event: 'flow',
      handle: (event: FlowLiveEvent, queryClient, refetch) => {
        const { origin: _origin, module: _module, kind: _kind, instanceId, ...counts } = event;
        queryClient.setQueryData(flowKeys.counts, counts);
        if (!refetch) return;
        void queryClient.invalidateQueries({ queryKey: messageKeys.badges });
        // a decision on the caller's own request also brought them a message (消息提醒 on home, the tablet inbox)
        void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
        void queryClient.invalidateQueries({ queryKey: flowKeys.lists });
        // someone acted on or commented on a request: its detail, if open, shows it
        if (instanceId) void queryClient.invalidateQueries({ queryKey: flowKeys.instance(instanceId) });
      },
    },
  ],
};
