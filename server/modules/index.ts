import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes';
import { oauthRoutes } from './oauth/routes';
import { upmsRoutes } from './upms/routes';
import { selectorRoutes } from './selector/routes';
import { popPageRoutes } from './poppage/routes';
import { messageRoutes } from './message/routes';
import { fileRoutes } from './files/routes';
import { mobileRoutes } from './mobile/routes';
import { flowRoutes } from './flow/routes';

/** Every module's route plugin, in registration order (later modules: flow, news, mail, … are added here). */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  oauthRoutes,
  upmsRoutes,
  selectorRoutes,
  popPageRoutes,
  messageRoutes,
  fileRoutes,
  mobileRoutes,
  flowRoutes,
];
