import type { FastifyInstance } from 'fastify';
import { createEventHub, textField, type EventHub } from '../../lib/event-hub';

/** What changed: the mail and the request that caused it (its Idempotency-Key, so its own client ignores the echo). */
export interface MailChange {
  messageId: string | null;
  origin: string | null;
}

/** Tells live connections that a user's mailbox changed, across every server process. */
export type MailEventHub = EventHub<MailChange>;

export const createMailEventHub = (app: FastifyInstance): Promise<MailEventHub> =>
  createEventHub<MailChange>(app, { channel: 'mail_events', parse: (p) => ({ messageId: textField(p.messageId), origin: textField(p.origin) }) });

const HEARTBEAT_MS = 25_000;

/** GET /api/mail/events: server-sent `mail` events (MailLiveEvent) with the caller's counts whenever their mailbox changes. */
export function registerMailEventRoute(app: FastifyInstance, hub: MailEventHub, counts: (userId: string) => Promise<import('@contract/mail').MailCounts>): void {
  app.get('/api/mail/events', { preHandler: [app.authenticate], config: { allowQueryUid: true } }, async (request, reply) => {
    const userId = request.user!.id;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    let closed = false;
    let sending = Promise.resolve();
    const send = (kind: 'snapshot' | 'changed', change: MailChange) => {
      // counts are read after the change committed; sends are chained so they arrive in order
      sending = sending.then(async () => {
        if (closed) return;
        const now = await counts(userId).catch(() => null);
        if (!now || closed) return;
        raw.write(`event: mail\ndata: ${JSON.stringify({ module: 'mail', kind, ...change, ...now })}\n\n`);
      });
    };
    const unsubscribe = hub.subscribe(userId, (change) => send('changed', change));
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    raw.write('retry: 5000\n\n');
    send('snapshot', { messageId: null, origin: null });
    request.raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
