import { routesOnly } from '../manifest';
import { aiRoutes } from './routes';

/** AI助手 (module code ai): conversations and streamed answers; no badge, no live events. */
export const aiModule = routesOnly('ai', aiRoutes);
