import { routesOnly } from '../manifest';
import { joinUsRoutes } from './routes';

/** 招聘报名 (module code joinus): public sign-ups stored as records of the 招聘报名 custom model. */
export const joinUsModule = routesOnly('joinus', joinUsRoutes);
