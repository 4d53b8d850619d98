import { routesOnly, type ModuleManifest } from './manifest';
import { healthRoutes } from './health/routes';
import { oauthRoutes } from './oauth/routes';
import { upmsRoutes } from './upms/routes';
import { selectorRoutes } from './selector/routes';
import { popPageRoutes } from './poppage/routes';
import { messageModule } from './message/module';
import { fileRoutes } from './files/routes';
import { mobileRoutes } from './mobile/routes';
import { liveRoutes } from './live/routes';
import { flowModule } from './flow/module';
import { aiModule } from './ai/module';
import { meetingModule } from './meeting/module';
import { contactsModule } from './contacts/module';
import { myModule } from './my/module';
import { scheduleModule } from './schedule/module';
import { customModule } from './custom/module';
import { joinUsModule } from './joinus/module';
import { newsModule } from './news/module';
import { mailModule } from './mail/module';
import { pushModule } from './push/module';
import { previewModule } from './preview/module';
import { outboxRoutes } from './outbox/routes';
import { searchModule } from './search/module';

/** Every module's manifest, in registration order; a new module (news, mail, …) adds its module.ts here. */
export const modules: ModuleManifest[] = [
  routesOnly('health', healthRoutes),
  routesOnly('oauth', oauthRoutes),
  routesOnly('upms', upmsRoutes),
  routesOnly('selector', selectorRoutes),
  routesOnly('poppage', popPageRoutes),
  messageModule,
  routesOnly('files', fileRoutes),
  routesOnly('mobile', mobileRoutes),
  routesOnly('live', liveRoutes),
  flowModule,
  aiModule,
  meetingModule,
  contactsModule,
  myModule,
  scheduleModule,
  customModule,
  joinUsModule,
  newsModule,
  mailModule,
  pushModule,
  previewModule,
  routesOnly('outbox', outboxRoutes),
  searchModule,
];
