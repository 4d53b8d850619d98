import { routesOnly } from '../manifest';
import { previewRoutes } from './routes';

/** In-app preview of office files: LibreOffice converts what the browser cannot render to PDF. */
export const previewModule = routesOnly('preview', previewRoutes);
