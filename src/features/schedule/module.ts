import type { ScheduleLiveEvent } from '@contract/live-events';
import type { ModuleManifest } from '@/lib/module-manifest';

// = scheduleKeys.all[0], kept literal so the entry chunk carries no key factory
const scheduleModuleRoot = 'schedule';

/** 日程: the month calendar and list, events and series, accepted meetings shown alongside; live events refetch them. */
export const scheduleModule: ModuleManifest = {
  key: 'schedule',
  title: '日程',
  home: {
    key: 'schedule',
    title: '日程',
    to: '/schedule/index',
    color: '#d92d20',
    icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3',
    order: 50,
  },
  persistedRoots: [scheduleModuleRoot],
  live: [
    {
      event: 'schedule',
      handle: (_event: ScheduleLiveEvent, queryClient, refetch) => {
        // someone shared an event with the user, or a meeting they answered moved: the calendar refetches
        if (refetch) void queryClient.invalidateQueries({ queryKey: [scheduleModuleRoot] });
      },
    },
  ],
};
