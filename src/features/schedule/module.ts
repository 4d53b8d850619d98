import type { ModuleManifest } from '@/lib/module-manifest';
import { scheduleKeys } from './api/schedule-keys';

/** 日程: the month calendar and list, events and series, accepted meetings shown alongside. */
export const scheduleModule: ModuleManifest = {
  key: 'schedule',
  title: '日程',
  home: { key: 'schedule', title: '日程', to: '/schedule/index', badge: 'schedule', color: '#d92d20', icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3', order: 50 },
  persistedRoots: [scheduleKeys.all[0]],
};
