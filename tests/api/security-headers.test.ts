import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drivers, useServer } from './support/server';

// the built client: `npm test` builds it before the suites run (DIST_DIR lets the bench point elsewhere)
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');

function builtHtmlFiles(): string[] {
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error(`${distDir}/index.html is missing: run \`npm run build\` first`);
  return fs
    .readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => path.join(distDir, f));
}

/** The CSP header as a directive → sources map. */
function parseCsp(header: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

describe('the built client', () => {
  it('has no inline script and no inline event handler in any HTML file (the CSP forbids them)', () => {
    for (const file of builtHtmlFiles()) {
      const html = fs.readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs, `${file}: a script without src`).toMatch(/\ssrc=/i);
        expect(body!.trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      expect(html, file).not.toMatch(/javascript:/i);
    }
  });
});

describe.each(drivers)('security headers on %s', (driver) => {
  const ctx = useServer(driver, { staticDir: distDir });
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${ctx.server.baseUrl}${p}`, { headers });

  it('sends a CSP on the app shell that allows the app itself and nothing else', async () => {
    for (const page of ['/', '/login', '/phonehome', '/joinus/index']) {
      const res = await get(page);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      const csp = parseCsp(res.headers.get('content-security-policy') ?? '');
      expect(csp.get('default-src'), page).toEqual(["'self'"]);
      expect(csp.get('script-src'), page).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(["'self'", "'none'"]).toEqual(expect.arrayContaining(csp.get('frame-ancestors') ?? ['missing']));
      // no wildcard, no remote host and no eval anywhere in the policy
      for (const [name, sources] of csp) {
        for (const source of sources)
          expect(`${name} ${source}`).toMatch(/ ('self'|'none'|'unsafe-inline'|data:|blob:)$/);
        if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
      }
      expect(res.headers.get('x-frame-options')).toMatch(/^(SAMEORIGIN|DENY)$/);
    }
  });

  it('marks every answer nosniff with a referrer policy: shell, scripts, API, errors', async () => {
    const html = await (await get('/')).text();
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const p of [
      '/',
      script!,
      '/manifest.webmanifest',
      '/service-worker.js',
      '/api/health',
      '/api/nothing',
      '/api/upms/user/current',
      '/missing.js',
    ]) {
      const res = await get(p);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends HSTS only when the request arrived over TLS (X-Forwarded-Proto https)', async () => {
    for (const p of ['/', '/api/health']) {
      expect((await get(p)).headers.get('strict-transport-security'), p).toBeNull();
      expect((await get(p, { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
      const hsts = (await get(p, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000); // at least 180 days
    }
  });
});
