import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS_PATH } from '@contract/live-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** draining = the server is shutting down: readiness fails so the load balancer stops sending new requests */
    lifecycle: { draining: boolean };
  }
}

/**
 * Graceful shutdown, the part inside the app: on close (SIGTERM/SIGINT in main.ts) readiness starts failing, and the
 * open event streams are ended — they never finish by themselves and would hold close() until it is forced. The
 * browser reconnects (the stream's `retry:`), through the load balancer, to a server that stays. Ordinary in-flight
 * requests are left to finish: fastify's close stops accepting and waits for them.
 */
export function registerLifecycle(app: FastifyInstance): void {
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  const streams = new Set<ServerResponse>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] !== LIVE_EVENTS_PATH) return;
    streams.add(reply.raw);
    reply.raw.once('close', () => streams.delete(reply.raw));
  });
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
    for (const stream of streams) stream.end();
  });
}
