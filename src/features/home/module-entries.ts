import type { Badges } from '@contract/message';

export interface ModuleEntry {
  key: string;
  title: string;
  /** route of the module's start page; absent while the module is not yet part of this build */
  to?: string;
  badge?: keyof Badges;
  color: string;
  icon: string; // an SVG path drawn in a 24×24 box
}

/** The home grid (issue 2 item 13). Modules join by setting `to` when their routes land. */
export const moduleEntries: ModuleEntry[] = [
  { key: 'follow', title: '审批', to: '/follow/index', badge: 'flow', color: '#1063e0', icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4' },
  { key: 'news', title: '资讯', badge: 'news', color: '#b45309', icon: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 13h7M7 16h4' },
  { key: 'email', title: '邮件', badge: 'mail', color: '#0e7a2f', icon: 'M3 6h18v12H3zM3 7l9 6 9-6' },
  { key: 'meeting', title: '会议', badge: 'meeting', color: '#722ed1', icon: 'M4 5h16v10H4zM9 19h6M12 15v4M8 9h8' },
  { key: 'schedule', title: '日程', badge: 'schedule', color: '#d92d20', icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3' },
  { key: 'addressbook', title: '通讯录', to: '/addressbook/index', color: '#0b8481', icon: 'M6 3h13v18H6zM3 7h3M3 12h3M3 17h3M12.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 17c.5-2 2-3 3.5-3s3 1 3.5 3' },
  { key: 'customModule', title: '业务建模', color: '#1d6fd6', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 16.5h7M16.5 13v7' },
  { key: 'ai', title: 'AI助手', color: '#c2410c', icon: 'M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM18 16l1 2 2 1-2 1-1 2-1-2-2-1 2-1z' },
];
