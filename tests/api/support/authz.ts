import { expect } from 'vitest';
import { cjk, type ServerContext } from './server';

/** A demo user's api client, as ctx.as answers it. */
export type Client = Awaited<ReturnType<ServerContext['as']>>;
export type Answer = { status: number; body: { code?: number; msg: string; data: unknown } };

/** Every call in `calls` must be refused with one of `statuses`, with a Chinese message and no data. */
export async function expectRefused(
  client: Client,
  calls: [method: string, path: string, body?: unknown][],
  statuses: number[],
) {
  const wrong: string[] = [];
  for (const [method, path, body] of calls) {
    const res = (await client.request(method, path, body as Record<string, unknown> | undefined)) as Answer;
    if (!statuses.includes(res.status) || !cjk.test(res.body.msg ?? '') || res.body.data != null)
      wrong.push(`${method} ${path} → ${res.status} ${res.body.msg}`);
  }
  expect(wrong).toEqual([]);
}
