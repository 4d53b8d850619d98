import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppError, ok } from '../../lib/app-error';

/** GET /api/health: answers only when the database answers (load balancers and CI wait on it). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, '数据库不可用');
    }
    return ok({ status: 'ok', driver: app.driver, time: new Date().toISOString() });
  });
}
