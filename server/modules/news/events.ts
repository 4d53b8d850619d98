import type { FastifyInstance } from 'fastify';
import { createEventHub, textField, type EventHub } from '../../db/event-hub';

/** What changed: the article and the Idempotency-Key of the write (so its own client ignores the echo). */
export interface NewsChange {
  articleId: string | null;
  origin: string | null;
}

/** Tells live connections that news counts changed: for some users, or (null) for every reader (a publication). */
export type NewsEventHub = EventHub<NewsChange>;

export const createNewsEventHub = (app: FastifyInstance): Promise<NewsEventHub> =>
  createEventHub<NewsChange>(app, {
    channel: 'news_events',
    parse: (p) => ({ articleId: textField(p.articleId), origin: textField(p.origin) }),
  });
