import { describe, expect, it } from 'vitest';
import { loginAs } from '../factories/test-server';
import { casesFor, prng, type FuzzCase } from '../support-bench/fuzz-cases';
import { listRoutes } from '../support-bench/routes';
import { drivers, useServer } from './support/server';

const PER_ROUTE = 45;

async function send(baseUrl: string, uid: string | null, c: FuzzCase) {
  const headers: Record<string, string> = uid ? { uid } : {};
  if (c.contentType !== undefined && c.contentType !== '') headers['content-type'] = c.contentType;
  const response = await fetch(`${baseUrl}${c.path}`, { method: c.method, headers, body: c.body });
  // a live stream (SSE) never ends: its status and headers are the answer
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type: 'text/event-stream', text: '' };
  }
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe.each(drivers)('fuzzing every endpoint on %s', (driver) => {
  const ctx = useServer(driver);

  it(`answers malformed requests (impossible dates included) on every registered route with 4xx envelopes, never a 5xx`, async () => {
    // read from the live app (printRoutes): a new route of any module is fuzzed without editing this test
    const routes = listRoutes(ctx.server.app);
    const modules = new Set(routes.map((r) => r.url.split('/')[2]));
    for (const module of [
      'ai',
      'custom',
      'flow',
      'mail',
      'meeting',
      'news',
      'schedule',
      'upms',
      'contacts',
      'message',
      'my',
    ])
      expect(modules, module).toContain(module);
    const random = prng(20240611);
    const cases = routes.flatMap((route) => casesFor(route, PER_ROUTE, random));
    expect(new Set(cases.map((c) => c.route)).size).toBe(new Set(routes.map((r) => `${r.method} ${r.url}`)).size);
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    const uid = await loginAs(ctx.server.baseUrl, 'zhangsan', '123456');
    const failures: string[] = [];
    // 5xx by route pattern, with every exact request that caused one (method, path with query, content type, body)
    const serverErrors = new Map<string, string[]>();
    let count = 0;
    await pool(cases, 12, async (c) => {
      // logout would end the session the rest of the run uses: it is fuzzed anonymously
      const res = await send(ctx.server.baseUrl, c.path.startsWith('/api/oauth/logout') ? null : uid, c);
      count += 1;
      const label = `${c.method} ${c.path.slice(0, 120)} [${String(c.contentType)}] ${typeof c.body === 'string' ? c.body.slice(0, 60) : ''}`;
      if (res.status >= 500) {
        const body =
          c.body === undefined
            ? ''
            : typeof c.body === 'string'
              ? ` body ${c.body.slice(0, 400)}`
              : ` body <${c.body.length} bytes>`;
        const exact = `${res.status} ${c.method} ${c.path.slice(0, 600)} [${String(c.contentType ?? '')}]${body} → ${res.text.slice(0, 160)}`;
        serverErrors.set(c.route, [...(serverErrors.get(c.route) ?? []), exact]);
      }
      // 431: Node's HTTP parser refuses an over-long request line before any route (or our envelope) runs
      else if (res.status >= 400 && res.status !== 431) {
        // every refusal is the JSON envelope with a message the client can show
        try {
          const body = JSON.parse(res.text) as { code?: unknown; msg?: unknown };
          if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !body.msg)
            failures.push(`no envelope ${label}`);
        } catch {
          failures.push(`not JSON (${res.status}) ${label}`);
        }
      }
    });
    expect(count).toBe(cases.length);
    const report = [...serverErrors].map(
      ([route, requests]) => `${route}: ${requests.length} × 5xx\n    ${requests.slice(0, 8).join('\n    ')}`,
    );
    if (report.length)
      console.error(`fuzz on ${driver}: 5xx on ${report.length} routes of ${routes.length}\n${report.join('\n')}`);
    expect(report, `5xx on ${driver}`).toEqual([]);
    expect(failures.slice(0, 30)).toEqual([]);
    // still up, still answering, and no prototype got polluted in this process
    expect((await fetch(`${ctx.server.baseUrl}/api/health`)).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await fetch(`${ctx.server.baseUrl}/api/upms/user/current`, { headers: { uid } })).status).toBe(200);
    // the case count grows with every module's routes and date cases: room for a busy machine
  }, 420_000);
});
