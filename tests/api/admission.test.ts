import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { api } from '../factories/test-server';
import { drivers, useServer } from './support/server';

// One place, one waiting slot, 1.5 s of patience: a request whose body never finishes holds the place (the answer
// has not started), so what the next callers hear is decided by the queue, not by timing luck.
const env = { DB_ADMISSION: 'on', DB_MAX_CONCURRENT: '1', DB_MAX_QUEUE: '1', DB_QUEUE_WAIT_MS: '1500' };

/** A POST that sends half its body and stalls until released: it keeps its place in front of the database. */
function holdPlace(baseUrl: string, uid: string): { release(): void } {
  const url = new URL('/api/upms/message/send', baseUrl);
  const request = http.request(url, {
    method: 'POST',
    headers: { uid, 'content-type': 'application/json', 'content-length': '100' },
  });
  request.on('error', () => undefined);
  request.write('{"title":');
  return { release: () => request.destroy() };
}

/** Waits until the server has admitted the stalled POST (a later request is made to wait or refused). */
async function untilRefused(call: () => Promise<{ status: number }>): Promise<{ status: number }> {
  for (;;) {
    const result = await call();
    if (result.status === 503) return result;
  }
}

describe.each(drivers)('bounded queue in front of the database (%s)', (driver) => {
  const ctx = useServer(driver, { env });

  it('answers 503 + Retry-After with a Chinese message when the queue is full or the wait too long, then serves again', async () => {
    const uid = await ctx.uidOf('zhangsan');
    const client = api(ctx.server.baseUrl, uid);
    const todo = () => client.get('/api/flow/task/todo?pageNum=1&pageSize=10');
    const hold = holdPlace(ctx.server.baseUrl, uid);
    try {
      // the first caller waits for the held place (the only waiting slot); the second finds the queue full
      const waiter = untilRefused(todo);
      const refused = await todo();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.body).toEqual({ code: 503, msg: '服务器繁忙，请稍后重试', data: null });
      // the waiter gives up after DB_QUEUE_WAIT_MS with the same answer, never a 500
      const waited = (await waiter) as Awaited<ReturnType<typeof todo>>;
      expect(waited.body.msg).toBe('服务器繁忙，请稍后重试');
      // the health check is never queued
      expect((await fetch(`${ctx.server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      hold.release();
    }
    const after = await todo();
    expect(after.status).toBe(200);
    expect(after.body.code).toBe(200);
  });

  it('a waiting request is served as soon as the place is given back', async () => {
    const uid = await ctx.uidOf('zhangsan');
    const client = api(ctx.server.baseUrl, uid);
    const hold = holdPlace(ctx.server.baseUrl, uid);
    // make sure the stalled POST holds the place: a second caller is refused while one waits
    await untilRefused(() => client.get('/api/message/badges'));
    const waiting = client.get('/api/message/badges');
    setTimeout(() => hold.release(), 200);
    const served = await waiting;
    expect(served.status).toBe(200);
    expect(served.body.code).toBe(200);
  });
});

describe('the queue refuses at once what would wait in vain (pglite)', () => {
  // a second in a place, twice, teaches the server that places are slow: a caller second in line would then expect
  // to wait past DB_QUEUE_WAIT_MS
  const ctx = useServer('pglite', {
    env: { DB_ADMISSION: 'on', DB_MAX_CONCURRENT: '1', DB_MAX_QUEUE: '10', DB_QUEUE_WAIT_MS: '600' },
  });

  /** Starts a request and tells whether it is still unanswered after a moment (it waits in the queue). */
  const stillWaiting = async (pending: Promise<unknown>) => {
    const settled = await Promise.race([
      pending.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 150)),
    ]);
    return !settled;
  };

  it('answers 503 at once to the caller whose expected wait is too long, while the one before it still waits', async () => {
    const uid = await ctx.uidOf('zhangsan');
    const client = api(ctx.server.baseUrl, uid);
    const badges = () => client.get('/api/message/badges');
    for (let lesson = 0; lesson < 2; lesson += 1) {
      const hold = holdPlace(ctx.server.baseUrl, uid);
      await untilRefused(badges);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      hold.release();
      await expect.poll(async () => (await badges()).status).toBe(200);
    }
    const hold = holdPlace(ctx.server.baseUrl, uid);
    // the stalled POST holds the place before the first caller comes (a caller refused says so): else the first is
    // served while the POST is still on its way, and on a busy machine that took longer than stillWaiting's moment
    await untilRefused(badges);
    let first: Promise<{ status: number }> = badges();
    while (!(await stillWaiting(first))) first = badges();
    const answers: string[] = [];
    const firstDone = first.then((answer) => answers.push(`first ${answer.status}`));
    const second = await badges();
    answers.push(`second ${second.status}`);
    hold.release();
    await firstDone;
    expect(second.headers.get('retry-after')).toBe('1');
    expect(answers).toEqual(['second 503', 'first 200']);
  });
});
