import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error';
import { toCount } from '../db/client';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The socket's own peer address, never X-Forwarded-For or request.ip: behind a trusted proxy those name the client,
 * and anyone could write 127.0.0.1 into the header.
 */
function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '');
}

function bearerMatches(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const sent = Buffer.from(header.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * GET /metrics in Prometheus text format (prom-client): request durations by route pattern, the process's own
 * metrics, the database pool and the depth of the reminder delivery queue. Answered to loopback callers (a scraper
 * on the machine) and to callers sending `Authorization: Bearer $METRICS_TOKEN`.
 */
export function registerMetrics(app: FastifyInstance): void {
  // one registry per app: tests run two apps in one process, and each must report its own
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = (app.db as unknown as { $client?: unknown }).$client;
  new Gauge({
    name: 'oa_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on the embedded database',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!(pool instanceof pg.Pool)) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'oa_delivery_queue_depth',
    help: 'Reminder deliveries (push, email, SMS, WeCom, DingTalk) waiting to be sent',
    registers: [registry],
    async collect() {
      const result = await app.db.execute(sql`select count(*) as n from outbound_deliveries where status = 'pending'`);
      const rows = Array.isArray(result) ? result : (result as { rows: { n: unknown }[] }).rows;
      this.set(toCount((rows[0] as { n: unknown } | undefined)?.n));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // the pattern (/api/ai/conversations/:id/ask), never the raw URL: ids would make a series per record
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (!fromLoopback(request) && !bearerMatches(request, app.config.metricsToken)) {
      throw app.config.metricsToken ? new AppError(401, '监控令牌无效') : new AppError(403, '监控数据只对本机开放');
    }
    reply.header('Content-Type', registry.contentType);
    reply.header('Cache-Control', 'no-store');
    return registry.metrics();
  });
}
