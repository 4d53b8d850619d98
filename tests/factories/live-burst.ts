/**
 * Many live streams (GET /api/events) opened at the same moment, as every phone of a company does after a server
 * restart or a network blip: for the API tests and bench/live-fanout.ts. Plain node:http, one socket per stream, so
 * nothing pools or queues them on the client side.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One received server-sent event: its `event:` name, its data and when it arrived (performance.now()). */
export interface BurstEvent {
  module: string;
  kind: string;
  data: Record<string, unknown>;
  at: number;
}

/** One stream of the burst, as its phone saw it. */
export interface BurstStream {
  /** whose stream it is (the caller's label: a username) */
  who: string;
  /** the HTTP status of the answer, or 0 while none came (or the connection failed) */
  status: number;
  /** the reconnect delay the server asked for (`retry:`), or null */
  retryMs: number | null;
  events: BurstEvent[];
  /** whether the server ended the stream */
  ended: boolean;
}

/** A running burst: every stream, and close() to hang them all up. */
export interface LiveBurst {
  streams: BurstStream[];
  close(): void;
}

/** Opens one stream per url at once (each url carries its own `?ticket=` or `?uid=`); returns without waiting. */
export function openLiveBurst(baseUrl: string, connections: { who: string; query: string }[]): LiveBurst {
  const requests: http.ClientRequest[] = [];
  const streams = connections.map(({ who, query }) => {
    const stream: BurstStream = { who, status: 0, retryMs: null, events: [], ended: false };
    const request = http.get(`${baseUrl}/api/events?${query}`, { agent: false }, (response) => {
      stream.status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut).split('\n');
          buffer = buffer.slice(cut + 2);
          const field = (name: string) => block.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const retry = field('retry');
          if (retry !== undefined) stream.retryMs = Number(retry);
          const data = field('data');
          if (data === undefined) continue;
          const parsed = JSON.parse(data) as Record<string, unknown>;
          stream.events.push({
            module: field('event') ?? '',
            kind: String(parsed.kind),
            data: parsed,
            at: performance.now(),
          });
        }
      });
      response.on('end', () => (stream.ended = true));
      response.on('error', () => undefined);
    });
    request.on('error', () => undefined);
    requests.push(request);
    return stream;
  });
  return { streams, close: () => requests.forEach((request) => request.destroy()) };
}

/** A link ticket for GET /api/events on behalf of a session (what the app's EventSource opens with). */
export async function liveTicket(baseUrl: string, uid: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/oauth/ticket`, {
    method: 'POST',
    headers: { uid, 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/api/events' }),
  });
  const body = (await answer.json()) as { code: number; msg: string; data: string };
  if (body.code !== 200) throw new Error(`ticket refused: ${answer.status} ${body.msg}`);
  return body.data;
}
