import type { ModuleManifest } from '@/lib/module-manifest';
import { homeEntriesOf, liveStreamsOf, persistedRootsOf, railEntriesOf } from '@/lib/module-manifest';
import { followModule } from '@/features/follow/module';
import { addressBookModule } from '@/features/addressbook/module';
import { padModule } from '@/features/pad/module';
import { myModule } from '@/features/my/module';
import { mailModule } from '@/features/mail/module';

/** Modules whose issues are still open: a home tile that says 建设中. Each moves to its feature's module.ts when built. */
const planned: ModuleManifest[] = [
  { key: 'news', title: '资讯', home: { key: 'news', title: '资讯', badge: 'news', color: '#b45309', icon: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 13h7M7 16h4', order: 20 } },
  { key: 'meeting', title: '会议', home: { key: 'meeting', title: '会议', badge: 'meeting', color: '#722ed1', icon: 'M4 5h16v10H4zM9 19h6M12 15v4M8 9h8', order: 40 } },
  { key: 'schedule', title: '日程', home: { key: 'schedule', title: '日程', badge: 'schedule', color: '#d92d20', icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3', order: 50 } },
  { key: 'custom', title: '业务建模', home: { key: 'custom', title: '业务建模', color: '#1d6fd6', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 16.5h7M16.5 13v7', order: 70 } },
  { key: 'ai', title: 'AI助手', home: { key: 'ai', title: 'AI助手', color: '#c2410c', icon: 'M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM18 16l1 2 2 1-2 1-1 2-1-2-2-1 2-1z', order: 80 } },
];

/** Every module of the app, in one list: the home grid, the tablet rail, offline persistence and live events read it. */
export const modules: ModuleManifest[] = [followModule, addressBookModule, padModule, myModule, mailModule, ...planned];

export const homeEntries = homeEntriesOf(modules);
export const railEntries = railEntriesOf(modules);
export const persistedRoots = persistedRootsOf(modules);
export const liveStreams = liveStreamsOf(modules);
