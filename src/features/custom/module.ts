import type { ModuleManifest } from '@/lib/module-manifest';

/** 业务建模: models and records the user may read, kept for offline reading. */
export const customModule: ModuleManifest = {
  key: 'custom',
  title: '业务建模',
  home: {
    key: 'custom',
    title: '业务建模',
    to: '/customModule/menu',
    color: '#1d6fd6',
    icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 16.5h7M16.5 13v7',
    order: 70,
  },
  persistedRoots: ['custom'], // = customKeys.all[0], kept literal so the entry chunk carries no key factory
};
