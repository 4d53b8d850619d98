import type { ModuleManifest } from '@/lib/module-manifest';

const PEOPLE_ICON = 'M6 3h13v18H6zM12.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 17c.5-2 2-3 3.5-3s3 1 3.5 3';
const PERSON_ICON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6';

/**
 * The tablet shell's sections, each a /pad… route of this feature. 通讯录 and 我的 reuse the keys their modules'
 * placeholder entries use, so the rail shows each section once (the entry with a route wins, see PadLayout).
 */
export const padModule: ModuleManifest = {
  key: 'pad',
  title: '平板',
  rail: [
    { key: 'backlog', title: '待办', to: '/padbacklog', icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4', order: 10 },
    { key: 'worktable', title: '工作台', to: '/padworktable', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z', order: 20 },
    { key: 'contacts', title: '通讯录', to: '/padcontacts', icon: PEOPLE_ICON, order: 30 },
    { key: 'my', title: '我的', to: '/padmy', icon: PERSON_ICON, order: 40 },
  ],
};
