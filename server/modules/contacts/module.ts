import type { ModuleManifest } from '../manifest';
import { contactsRoutes } from './routes';

/** 通讯录 (module code contacts): cards, favourites, custom groups and personal contacts; no badge, no live events. */
export const contactsModule: ModuleManifest = { name: 'contacts', routes: contactsRoutes };
