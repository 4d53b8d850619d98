import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH } from '@contract/live-events';
import { currentUser } from '../../plugins/auth';
import type { LiveSource } from './registry';
import { endWithSession } from './session-watch';
import { createSharedStates } from './shared-state';

const HEARTBEAT_MS = 25_000;
/** The reconnect delay each stream asks for (`retry:`) lies between these: phones spread over eight seconds. */
const RETRY_FLOOR_MS = 2_000;
const RETRY_SPREAD_MS = 8_000;

/** A reconnect delay for one stream: after a restart every phone would otherwise come back in the same second. */
export function reconnectHintMs(random: () => number = Math.random): number {
  return RETRY_FLOOR_MS + Math.floor(random() * RETRY_SPREAD_MS);
}

/**
 * GET /api/events: every module's server-sent events for the caller, on one connection. A browser keeps six
 * connections per server over HTTP/1.1: a stream per module held five of them open, and every request and code piece
 * of the app queued for the last one. What a stream sends (the person's counts) is read once per person and shared
 * by all their streams (shared-state.ts), so neither a reconnect burst nor an event costs a query per connection.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const states = createSharedStates();
  app.get(
    LIVE_EVENTS_PATH,
    { preHandler: [app.authenticate], config: { allowQueryUid: true, unqueued: true } },
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
        // the state is asked for now, after the change committed (every stream of the person shares the read), and
        // the writes are chained so a stream's events arrive in the order they happened
        const reading = states
          .read(`${source.event}\n${user.id}`, () => source.state(user))
          .catch((error: unknown) => {
            // every retry failed: the stream ends, and the phone reconnects (after its `retry:`) to a fresh state
            request.log.warn(error, `live ${source.event} state failed`);
            return null;
          });
        sending = sending.then(async () => {
          const state = await reading;
          if (closed) return;
          if (!state) return void raw.end();
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
      raw.write(`retry: ${reconnectHintMs()}\n\n`);
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
