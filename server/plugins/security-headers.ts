import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const htmlPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  // plugins/embeds could show a same-origin upload as a document; the app never uses <object>/<embed>
  "object-src 'none'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function isHttps(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return request.protocol === 'https' || first === 'https';
}

/**
 * Security headers on every answer through helmet (nosniff, referrer policy, frame options, cross-origin isolation of
 * the opener and resources, and the rest of its defaults). Two stay ours because helmet decides them before the
 * answer exists: the CSP goes on HTML pages only (a worker script's CSP would rule the worker: pdf.js compiles
 * WebAssembly there), and HSTS only over https (never pin a plain-http host, as helmet would).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', htmlPolicy);
    if (isHttps(request)) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
