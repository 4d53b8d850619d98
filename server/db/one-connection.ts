import type { Pool, PoolClient } from 'pg';
import { AppError } from '../lib/app-error';
import type { Db } from './client';
import * as schema from './schema';

/*
 * A read that runs several statements asks the pool for a connection once, not once per statement. Under load every
 * checkout waits behind the whole queue: a detail of ten statements queued ten times while a list of one queued once
 * (issue 41: 9.2 s against 0.7 s at 300 users). Statements awaited one after another on it are sent as the previous
 * answer resolves (a microtask, not another wait in the pool's queue); pg@9 drops queueing several on one client.
 */

const bound = new WeakMap<PoolClient, Db>();

function isPool(client: unknown): client is Pool {
  return typeof client === 'object' && client !== null && 'totalCount' in client && 'connect' in client;
}

/**
 * Runs `work` with every statement on one connection checked out of the pool, returned when `work` ends. A
 * transaction handle already is one connection, and PGlite has only one: they run `work` on the handle itself.
 * Reads only (no BEGIN: each statement sees its own snapshot, as on the pool).
 */
export async function onOneConnection<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!isPool(pool)) return work(db);
  const client = await pool.connect();
  let failed: unknown = null;
  try {
    let handle = bound.get(client);
    if (!handle) {
      // once per pooled connection (the pool keeps and reuses them): building a handle reads the schema's relations
      const { drizzle } = await import('drizzle-orm/node-postgres');
      handle = drizzle(client, { schema }) as unknown as Db;
      bound.set(client, handle);
    }
    return await work(handle);
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // anything but a refusal may have left the connection broken (a lost socket, a statement cut off): the pool drops it
    client.release(failed && !(failed instanceof AppError) ? (failed as Error) : undefined);
  }
}
