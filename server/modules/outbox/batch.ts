import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OutboxBatchItem, OutboxBatchResult } from '@contract/outbox';

// what describes the batch's own request body, not the write each item carries
const NOT_FORWARDED = new Set(['content-length', 'content-type', 'transfer-encoding', 'idempotency-key', 'connection']);

/** The caller's headers (session, app headers, user agent) that each write carries as if it were sent alone. */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (NOT_FORWARDED.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** An answer after which the next writes must wait: the outbox keeps its order, so they are not run now. */
function stopsTheBatch(status: number, msg: string): boolean {
  return status >= 500 || status === 429 || status === 401 || (status === 409 && msg === '请求正在处理中');
}

function envelopeOf(status: number, payload: string): { code: number; msg: string; data: unknown } {
  try {
    const parsed = JSON.parse(payload) as { code?: unknown; msg?: unknown; data?: unknown };
    if (parsed && typeof parsed === 'object' && typeof parsed.code === 'number')
      return { code: parsed.code, msg: typeof parsed.msg === 'string' ? parsed.msg : '', data: parsed.data ?? null };
  } catch {
    // not an envelope (a 5xx page from a proxy in between): the status speaks for it
  }
  return { code: status, msg: status >= 500 ? '系统内部错误' : '请求失败', data: null };
}

/**
 * Runs the writes one after the other, each as the request it would have been alone: the same route, authentication,
 * policy, validation and Idempotency-Key claim (Fastify's inject runs the whole request lifecycle in-process), so a
 * write replayed in a batch after it already went through alone (or the reverse) is applied once.
 */
export async function runBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  items: OutboxBatchItem[],
): Promise<OutboxBatchResult[]> {
  const headers = forwardedHeaders(request);
  const results: OutboxBatchResult[] = [];
  let stopped = false;
  for (const item of items) {
    if (stopped) {
      results.push({ idempotencyKey: item.idempotencyKey, status: 0, code: 0, msg: '等待前一项完成', data: null });
      continue;
    }
    const hasBody = item.body !== undefined;
    const answer = await app.inject({
      method: item.method,
      url: item.url,
      remoteAddress: request.ip,
      headers: {
        ...headers,
        'idempotency-key': item.idempotencyKey,
        ...(hasBody ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      },
      ...(hasBody ? { payload: JSON.stringify(item.body) } : {}),
    });
    const envelope = envelopeOf(answer.statusCode, answer.payload);
    results.push({ idempotencyKey: item.idempotencyKey, status: answer.statusCode, ...envelope });
    stopped = stopsTheBatch(answer.statusCode, envelope.msg);
  }
  return results;
}
