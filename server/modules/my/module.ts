import type { ModuleManifest } from '../manifest';
import { myRoutes } from './routes';

/** 我的 (module code my): the user's own settings; no badge, no live events. */
export const myModule: ModuleManifest = { name: 'my', routes: myRoutes };
