import type { ModuleManifest } from '@/lib/module-manifest';
import { homeEntriesOf, liveStreamsOf, persistedRootsOf, railEntriesOf } from '@/lib/module-manifest';
import { followModule } from '@/features/follow/module';
import { addressBookModule } from '@/features/addressbook/module';
import { padModule } from '@/features/pad/module';
import { myModule } from '@/features/my/module';
import { aiModule } from '@/features/ai/module';
import { meetingModule } from '@/features/meeting/module';
import { scheduleModule } from '@/features/schedule/module';
import { customModule } from '@/features/custom/module';
import { newsModule } from '@/features/news/module';
import { mailModule } from '@/features/mail/module';

/** Every module of the app, in one list: the home grid, the tablet rail, offline persistence and live events read it. */
export const modules: ModuleManifest[] = [
  followModule,
  addressBookModule,
  padModule,
  myModule,
  meetingModule,
  scheduleModule,
  aiModule,
  customModule,
  newsModule,
  mailModule,
];

export const homeEntries = homeEntriesOf(modules);
export const railEntries = railEntriesOf(modules);
export const persistedRoots = persistedRootsOf(modules);
export const liveStreams = liveStreamsOf(modules);
