import type { ModuleManifest } from '../manifest';
import { scheduleRoutes } from './routes';

/** 日程 (module code schedule): events, series, accepted meetings on the calendar, .ics export and subscription. */
export const scheduleModule: ModuleManifest = { name: 'schedule', routes: scheduleRoutes, liveEvents: 'schedule' };
