import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drivers, useServer } from './support/server';

/** A stand-in for the built client (dist/): the shell, a hashed chunk and the service worker. */
function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-static-'));
  fs.mkdirSync(path.join(dir, 'static/js'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>协同办公系统</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'static/js/index.1a2b3c4d.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'service-worker.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}

describe.each(drivers)('serving the built client on %s', (driver) => {
  const staticDir = fakeClient();
  const ctx = useServer(driver, { staticDir });
  afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));
  const get = (p: string, init?: RequestInit) => fetch(`${ctx.server.baseUrl}${p}`, init);

  it('serves the shell with no-cache and the HTML security policy', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const rule of [
      "default-src 'self'",
      "script-src 'self'",
      "img-src 'self' data: blob:",
      "worker-src 'self'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(rule);
    }
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('falls back to the shell for client routes, not for files or API paths', async () => {
    for (const route of ['/phonehome', '/follow/waitList', '/myCenter/index?x=1']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    expect((await get('/missing.png')).status).toBe(404);
    expect((await get('/phonehome', { method: 'POST' })).status).toBe(404);
    const api = await get('/api/not-here');
    expect(await api.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await get('/static/js/index.1a2b3c4d.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await get('/service-worker.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });
});
