import { del, post, put } from '@/api/http';
import type { OutboxSender } from './outbox-config';

/** Sends queued writes through the app's HTTP client, quietly: the outbox shows the outcome itself. */
export const httpSender: OutboxSender = ({ method, url, body, idempotencyKey }) => {
  const config = { idempotencyKey, silent: true, noLoading: true };
  if (method === 'PUT') return put(url, body, config);
  if (method === 'DELETE') return del(url, undefined, config);
  return post(url, body, config);
};
