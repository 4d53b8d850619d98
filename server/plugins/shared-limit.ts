import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { toCount } from '../db/client';

// advisory lock namespace (first key of the two-key form), distinct from the migration and login locks
const LIMIT_LOCK = 727320;
const BUCKETS_PER_WINDOW = 12;

/** The rows of a raw statement: drizzle answers `{ rows }` on both drivers here (an array on some others). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

export type LimitAnswer = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Serialises every count of one scope + subject, in this process and in every other one on the database. */
async function lockSubject(tx: Db, scope: string, subject: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LIMIT_LOCK}, hashtext(${`${scope}:${subject}`}))`);
}

/**
 * Counts one hit of `subject` (a user, an address) in `scope`, or refuses when it already had `limit` hits in the
 * last `windowSeconds`. Hits are counted in twelve buckets per window, so the window slides in steps of a twelfth.
 * The count and the upsert run under an advisory lock on (scope, subject) and on the database clock, so every server
 * process sees the same count and parallel hits queue: two processes never allow twice the limit.
 */
export async function hitSharedLimit(
  db: Db,
  scope: string,
  subject: string,
  limit: number,
  windowSeconds: number,
): Promise<LimitAnswer> {
  const bucketSeconds = Math.max(1, Math.floor(windowSeconds / BUCKETS_PER_WINDOW));
  return db.transaction(async (tx) => {
    await lockSubject(tx, scope, subject);
    const now = sql`clock_timestamp()`;
    const bucket = sql`to_timestamp(floor(extract(epoch from ${now}) / ${bucketSeconds}) * ${bucketSeconds})`;
    const counted = await tx.execute(sql`
      select coalesce(sum(hits), 0) as hits,
             extract(epoch from min(bucket_start) + make_interval(secs => ${windowSeconds + bucketSeconds}) - ${now}) as oldest
      from shared_limits
      where scope = ${scope} and subject = ${subject} and bucket_start > ${now} - make_interval(secs => ${windowSeconds})
        and bucket_start <> 'epoch'`);
    const row = rowsOf<{ hits: unknown; oldest: unknown }>(counted)[0];
    if (toCount(row?.hits) >= limit) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.oldest ?? bucketSeconds))) };
    }
    await tx.execute(sql`
      insert into shared_limits (scope, subject, bucket_start, hits, expires_at)
      values (${scope}, ${subject}, ${bucket}, 1, ${bucket} + make_interval(secs => ${windowSeconds + bucketSeconds}))
      on conflict (scope, subject, bucket_start) do update set hits = shared_limits.hits + 1`);
    // keep the table small: rows past their window no longer count
    if (Math.random() < 0.05)
      await tx.execute(sql`delete from shared_limits where expires_at < ${now} - interval '1 minute'`);
    return { ok: true };
  });
}

/**
 * Takes one of `limit` slots `subject` may hold at once in `scope` (e.g. answers streaming), for at most
 * `leaseSeconds`: the lease frees the slots of a process that died while holding them. Returns release, or null
 * when every slot is taken. release is safe to call twice.
 */
export async function holdSharedSlot(
  db: Db,
  scope: string,
  subject: string,
  limit: number,
  leaseSeconds: number,
): Promise<(() => Promise<void>) | null> {
  const taken = await db.transaction(async (tx) => {
    await lockSubject(tx, scope, subject);
    const now = sql`clock_timestamp()`;
    const upserted = await tx.execute(sql`
      insert into shared_limits (scope, subject, bucket_start, hits, expires_at)
      values (${scope}, ${subject}, 'epoch', 1, ${now} + make_interval(secs => ${leaseSeconds}))
      on conflict (scope, subject, bucket_start) do update
        set hits = case when shared_limits.expires_at < ${now} then 1 else shared_limits.hits + 1 end,
            expires_at = excluded.expires_at
        where shared_limits.expires_at < ${now} or shared_limits.hits < ${limit}
      returning hits`);
    return rowsOf(upserted).length > 0;
  });
  if (!taken) return null;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await db.transaction(async (tx) => {
      await lockSubject(tx, scope, subject);
      await tx.execute(sql`
        update shared_limits set hits = greatest(hits - 1, 0)
        where scope = ${scope} and subject = ${subject} and bucket_start = 'epoch'`);
    });
  };
}
