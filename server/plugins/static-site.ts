import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail } from '../lib/app-error';

const hashedAsset = /\.[0-9a-f]{8,}\./;

function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  // the worker and the HTML must be revalidated so a deploy reaches clients; hashed names never change content
  if (name === 'service-worker.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) return 'no-cache';
  if (hashedAsset.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Serves the built client (when STATIC_DIR exists) with SPA fallback; unknown /api paths → 404 envelope. */
export async function registerStaticSite(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasClient = fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: ['index.html'],
      // dist/ holds .br and .gz twins written at build time (scripts/precompress.ts)
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('Cache-Control', cacheControlFor(filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.status(404).send(fail(404, '接口不存在'));
    const navigation = (request.method === 'GET' || request.method === 'HEAD') && path.extname(pathname) === '';
    if (hasClient && navigation) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(fail(404, '资源不存在'));
  });
}
