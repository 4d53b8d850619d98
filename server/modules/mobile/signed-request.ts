import type { FastifyRequest } from 'fastify';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requestNonces } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const WINDOW_MS = 5 * 60 * 1000;
let lastSweep = 0;

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** Anonymous calls must carry a fresh `timestamp` (ms, ±5 min) and a never-seen 10-character `nonce`. */
export async function assertSignedRequest(db: Db, request: FastifyRequest): Promise<void> {
  const invalid = new AppError(400, '请求签名无效');
  const nonce = header(request, 'nonce');
  const timestamp = Number(header(request, 'timestamp'));
  if (!/^[A-Za-z0-9]{10}$/.test(nonce) || !Number.isFinite(timestamp)) throw invalid;
  if (Math.abs(Date.now() - timestamp) > WINDOW_MS) throw invalid;
  // the primary key makes "seen before" atomic across requests and processes
  const inserted = await db
    .insert(requestNonces)
    .values({ nonce })
    .onConflictDoNothing()
    .returning({ nonce: requestNonces.nonce });
  if (!inserted.length) throw invalid;
  if (Date.now() - lastSweep > 60_000) {
    lastSweep = Date.now();
    await db.delete(requestNonces).where(lt(requestNonces.createdAt, new Date(Date.now() - 3 * WINDOW_MS)));
  }
}
