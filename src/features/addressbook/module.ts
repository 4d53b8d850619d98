import type { ModuleManifest } from '@/lib/module-manifest';

const PEOPLE_ICON =
  'M6 3h13v18H6zM3 7h3M3 12h3M3 17h3M12.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 17c.5-2 2-3 3.5-3s3 1 3.5 3';

/** 通讯录: the selector trees (upms, always persisted) plus its own cards, groups, personal contacts and favourites (kept offline). */
export const addressBookModule: ModuleManifest = {
  key: 'contacts',
  title: '通讯录',
  persistedRoots: ['contacts'],
  home: { key: 'contacts', title: '通讯录', to: '/addressbook/index', color: '#0b8481', icon: PEOPLE_ICON, order: 60 },
  rail: [
    {
      key: 'contacts',
      title: '通讯录',
      icon: 'M6 3h13v18H6zM12.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 17c.5-2 2-3 3.5-3s3 1 3.5 3',
      order: 30,
    },
  ],
};
