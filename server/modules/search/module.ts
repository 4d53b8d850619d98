import { routesOnly } from '../manifest';
import { searchRoutes } from './routes';

/** 搜索 (module code search): one search over every module's records the caller may open. */
export const searchModule = routesOnly('search', searchRoutes);
