import type { ModuleManifest } from '@/lib/module-manifest';

/** 我的: settings kept on the server (preferences persisted for offline reading); the tablet section joins with its module issue. */
export const myModule: ModuleManifest = {
  key: 'my',
  title: '我的',
  persistedRoots: ['my'],
  rail: [{ key: 'my', title: '我的', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6', order: 40 }],
};
