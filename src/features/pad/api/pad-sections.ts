import type { RailEntry } from '@/lib/module-manifest';

const PEOPLE_ICON = 'M6 3h13v18H6zM12.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 17c.5-2 2-3 3.5-3s3 1 3.5 3';
const PERSON_ICON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6';

/**
 * The tablet shell's own sections, each a /pad… route of this feature (审批 and 发起申请 are /padflow's). 通讯录 and
 * 我的 reuse the keys their modules' placeholder rail entries use, so the rail shows each section once (the entry with
 * a route wins, see railSections). Kept out of the manifest: only the shell (a tablet's own chunk) reads them.
 */
export const PAD_SECTIONS: RailEntry[] = [
  // one search over every module (issue 46): its results open beside the list
  {
    key: 'search',
    title: '搜索',
    to: '/search',
    icon: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20',
    order: 5,
  },
  { key: 'backlog', title: '待办', to: '/padbacklog', icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4', order: 10 },
  {
    key: 'flow',
    title: '审批',
    to: '/padflow',
    icon: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8.5 12l2 2 4-4M8.5 17h7',
    order: 12,
  },
  { key: 'start', title: '发起申请', to: '/padflow/start', icon: 'M12 5v14M5 12h14', order: 14 },
  {
    key: 'worktable',
    title: '工作台',
    to: '/padworktable',
    icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
    order: 20,
  },
  { key: 'contacts', title: '通讯录', to: '/padcontacts', icon: PEOPLE_ICON, order: 30 },
  { key: 'my', title: '我的', to: '/padmy', icon: PERSON_ICON, order: 40 },
];
