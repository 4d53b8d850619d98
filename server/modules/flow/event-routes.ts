import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { flowCounts } from './list-service';
import type { FlowEventHub } from './events';

const HEARTBEAT_MS = 25_000;

/** GET /api/flow/events: server-sent events with the caller's flow counts whenever their lists change. */
export function registerFlowEventRoute(app: FastifyInstance, hub: FlowEventHub): void {
  app.get('/api/flow/events', { preHandler: [app.authenticate], config: { allowQueryUid: true } }, async (request, reply) => {
    const user = currentUser(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    let closed = false;
    let sending = Promise.resolve();
    const send = () => {
      // counts are read after the change committed; sends are chained so they arrive in order
      sending = sending.then(async () => {
        if (closed) return;
        const counts = await flowCounts(app.db, user.id).catch(() => null);
        if (counts && !closed) raw.write(`event: flow\ndata: ${JSON.stringify(counts)}\n\n`);
      });
    };
    const unsubscribe = hub.subscribe(user.id, send);
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    raw.write('retry: 5000\n\n');
    send();
    request.raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
