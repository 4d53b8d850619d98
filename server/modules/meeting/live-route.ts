import type { FastifyInstance } from 'fastify';
import type { EventHub } from '../../lib/event-hub';
import { currentUser } from '../../plugins/auth';

const HEARTBEAT_MS = 25_000;

export interface LiveRoute<C extends object> {
  path: string;
  /** the SSE `event:` name, which is also the module of the live event */
  event: string;
  hub: EventHub<C>;
  /** the change the snapshot on connect carries (nothing changed yet) */
  idle: C;
  /** what the caller's event carries besides the change, read after the change committed (e.g. their counts) */
  state: (userId: string) => Promise<object>;
}

/** GET <path>: server-sent events for the caller whenever the hub says their data changed (会议 and 日程 share it). */
export function registerLiveRoute<C extends object>(app: FastifyInstance, route: LiveRoute<C>): void {
  app.get(route.path, { preHandler: [app.authenticate], config: { allowQueryUid: true } }, async (request, reply) => {
    const user = currentUser(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    let closed = false;
    let sending = Promise.resolve();
    const send = (kind: 'snapshot' | 'changed', change: C) => {
      // state is read after the change committed; sends are chained so they arrive in order
      sending = sending.then(async () => {
        if (closed) return;
        const state = await route.state(user.id).catch(() => null);
        if (!state || closed) return;
        raw.write(`event: ${route.event}\ndata: ${JSON.stringify({ module: route.event, kind, ...change, ...state })}\n\n`);
      });
    };
    const unsubscribe = route.hub.subscribe(user.id, (change) => send('changed', change));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    raw.write('retry: 5000\n\n');
    send('snapshot', route.idle);
    request.raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
