import type { FastifyInstance } from 'fastify';
import type { NewsLiveEvent } from '@contract/live-events';
import { currentUser } from '../../plugins/auth';
import type { NewsChange, NewsEventHub } from './events';
import { newsCounts } from './list-service';

const HEARTBEAT_MS = 25_000;

/** GET /api/news/events: server-sent `news` events (NewsLiveEvent) with the caller's counts whenever they may change. */
export function registerNewsEventRoute(app: FastifyInstance, hub: NewsEventHub): void {
  app.get('/api/news/events', { preHandler: [app.authenticate], config: { allowQueryUid: true } }, async (request, reply) => {
    const user = currentUser(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    let closed = false;
    let sending = Promise.resolve();
    const send = (kind: NewsLiveEvent['kind'], change: NewsChange) => {
      // counts are read after the change committed; sends are chained so they arrive in order
      sending = sending.then(async () => {
        if (closed) return;
        const counts = await newsCounts(app.db, user).catch(() => null);
        if (!counts || closed) return;
        const event: NewsLiveEvent = { module: 'news', kind, ...change, ...counts };
        raw.write(`event: news\ndata: ${JSON.stringify(event)}\n\n`);
      });
    };
    const unsubscribe = hub.subscribe(user.id, (change) => send('changed', change));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    raw.write('retry: 5000\n\n');
    send('snapshot', { articleId: null, origin: null });
    request.raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
