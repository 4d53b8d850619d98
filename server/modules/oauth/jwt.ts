import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const invalid = () => new AppError(400, '第三方令牌无效');

/** Verifies an HS256 JWT (signature, alg, exp required, nbf) and returns its subject. */
export function verifyHs256Subject(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid();
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart) as { alg?: unknown } | null;
  // pinning the algorithm stops 'none' and algorithm-confusion tokens
  if (!header || header.alg !== 'HS256') throw invalid();
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  const payload = decodeJson(payloadPart) as { sub?: unknown; exp?: unknown; nbf?: unknown } | null;
  if (!payload || typeof payload !== 'object') throw invalid();
  if (typeof payload.exp !== 'number') throw invalid();
  if (payload.exp <= nowSeconds) throw new AppError(400, '第三方令牌已过期');
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds + 60) throw invalid();
  if (typeof payload.sub !== 'string' || !payload.sub) throw invalid();
  return payload.sub;
}
