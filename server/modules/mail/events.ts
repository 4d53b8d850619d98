import type { FastifyInstance } from 'fastify';
import { createEventHub, textField, type EventHub } from '../../db/event-hub';

/** What changed: the mail and the request that caused it (its Idempotency-Key, so its own client ignores the echo). */
export interface MailChange {
  messageId: string | null;
  origin: string | null;
}

/** Tells live connections that a user's mailbox changed, across every server process. */
export type MailEventHub = EventHub<MailChange>;

export const createMailEventHub = (app: FastifyInstance): Promise<MailEventHub> =>
  createEventHub<MailChange>(app, {
    channel: 'mail_events',
    parse: (p) => ({ messageId: textField(p.messageId), origin: textField(p.origin) }),
  });
