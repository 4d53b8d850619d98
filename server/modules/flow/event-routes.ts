import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { flowCounts } from './list-service';
import type { FlowLiveEvent } from '@contract/live-events';
import type { FlowChange, FlowEventHub } from './events';

const HEARTBEAT_MS = 25_000;

/** GET /api/flow/events: server-sent `flow` events (FlowLiveEvent) with the caller's counts whenever their lists change. */
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
    const send = (kind: FlowLiveEvent['kind'], change: FlowChange) => {
      // counts are read after the change committed; sends are chained so they arrive in order
      sending = sending.then(async () => {
        if (closed) return;
        const counts = await flowCounts(app.db, user.id).catch(() => null);
        if (!counts || closed) return;
        const event: FlowLiveEvent = { module: 'flow', kind, ...change, ...counts };
        raw.write(`event: flow\ndata: ${JSON.stringify(event)}\n\n`);
      });
    };
    const unsubscribe = hub.subscribe(user.id, (change) => send('changed', change));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    raw.write('retry: 5000\n\n');
    send('snapshot', { instanceId: null, origin: null });
    request.raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
