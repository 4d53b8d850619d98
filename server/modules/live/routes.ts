import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH } from '@contract/live-events';
import { currentUser } from '../../plugins/auth';
import type { LiveSource } from './registry';
import { endWithSession } from './session-watch';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: every module's server-sent events for the caller, on one connection. A browser keeps six
 * connections per server over HTTP/1.1: a stream per module held five of them open, and every request and code piece
 * of the app queued for the last one.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    LIVE_EVENTS_PATH,
    { preHandler: [app.authenticate], config: { allowQueryUid: true } },
    async (request, reply) => {
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
      const send = (source: LiveSource<object>, kind: 'snapshot' | 'changed', change: object) => {
        // state is read after the change committed; sends are chained so they arrive in order
        sending = sending.then(async () => {
          if (closed) return;
          const state = await source.state(user).catch((error: unknown) => {
            request.log.warn(error, `live ${source.event} state failed`);
            return null;
          });
          if (!state || closed) return;
          raw.write(
            `event: ${source.event}\ndata: ${JSON.stringify({ module: source.event, kind, ...change, ...state })}\n\n`,
          );
        });
      };
      const sources = app.live.sources();
      const unsubscribes = sources.flatMap((source) => [
        source.hub.subscribe(user.id, (change) => send(source, 'changed', change)),
        // this process missed what changed while its listener was cut off: a change without details refetches it
        source.hub.onResync(() => send(source, 'changed', source.idle)),
      ]);
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const stopWatching = endWithSession(app, { sessionId: request.sessionId!, userId: user.id }, () => raw.end());
      raw.write('retry: 5000\n\n');
      for (const source of sources) send(source, 'snapshot', source.idle);
      request.raw.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        stopWatching();
        unsubscribes.forEach((unsubscribe) => unsubscribe());
      });
    },
  );
}
