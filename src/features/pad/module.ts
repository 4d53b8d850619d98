import type { ModuleManifest } from '@/lib/module-manifest';

/** The tablet shell's own sections: 待办 (built) and 工作台 (not yet). */
export const padModule: ModuleManifest = {
  key: 'pad',
  title: '平板',
  rail: [
    { key: 'backlog', title: '待办', to: '/padbacklog', icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4', order: 10 },
    { key: 'worktable', title: '工作台', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z', order: 20 },
  ],
};
