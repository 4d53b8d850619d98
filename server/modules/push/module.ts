import { routesOnly } from '../manifest';
import { pushRoutes } from './routes';

/** Web Push subscriptions of the installed app (the app reminder channel outside the app). */
export const pushModule = routesOnly('push', pushRoutes);
