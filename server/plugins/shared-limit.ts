import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Db } from '../db/client';
import { toCount } from '../db/client';

const BUCKETS_PER_WINDOW = 12;

/** The rows of a raw statement: drizzle answers `{ rows }` on both drivers here (an array on some others). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

export type LimitAnswer = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * One limit: at most `limit` hits of one subject (a user, an address, an account) in `scope` in any `windowSeconds`;
 * for holdSharedSlot, `limit` slots held at once, each for at most `windowSeconds` (the lease).
 */
export interface SharedLimit {
  scope: string;
  limit: number;
  windowSeconds: number;
}

const bucketSecondsOf = (rule: SharedLimit) => Math.max(1, Math.floor(rule.windowSeconds / BUCKETS_PER_WINDOW));

/** Serialises every count of one scope + subject, in this process and in every other one on the database. */
async function lockSubject(tx: Db, scope: string, subject: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.sharedLimit}, hashtext(${`${scope}:${subject}`}))`,
  );
}

/** The refusal `subject` would get now (null: under the limit). Run under lockSubject to bind. */
async function refusal(tx: Db, rule: SharedLimit, subject: string): Promise<LimitAnswer | null> {
  const { scope, limit, windowSeconds } = rule;
  const now = sql`clock_timestamp()`;
  const counted = await tx.execute(sql`
    select coalesce(sum(hits), 0) as hits,
           extract(epoch from min(bucket_start) + make_interval(secs => ${windowSeconds}) - ${now}) as oldest
    from shared_limits
    where scope = ${scope} and subject = ${subject} and bucket_start > ${now} - make_interval(secs => ${windowSeconds})
      and bucket_start <> 'epoch' and hits > 0`);
  const row = rowsOf<{ hits: unknown; oldest: unknown }>(counted)[0];
  if (toCount(row?.hits) < limit) return null;
  // the oldest counted bucket leaves the window then, and its hits with it
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.oldest ?? windowSeconds))) };
}

/** Whether `subject` could be counted now, without counting it: a cheap early answer before costly work. */
export async function peekSharedLimit(db: Db, rule: SharedLimit, subject: string): Promise<LimitAnswer> {
  return (await refusal(db, rule, subject)) ?? { ok: true };
}

/**
 * Counts one hit of `subject` (a user, an address) in `scope`, or refuses when it already had `limit` hits in the
 * last `windowSeconds`. Hits are counted in twelve buckets per window, so the window slides in steps of a twelfth.
 * The count and the upsert run under an advisory lock on (scope, subject) and on the database clock, so every server
 * process sees the same count and parallel hits queue: two processes never allow twice the limit. Inside a write
 * transaction the hit is part of it (a savepoint): a write that fails takes its hit back, and the lock is held until
 * the write commits, so parallel writes see each other.
 */
export async function hitSharedLimit(db: Db, rule: SharedLimit, subject: string): Promise<LimitAnswer> {
  const { scope, windowSeconds } = rule;
  const bucketSeconds = bucketSecondsOf(rule);
  return db.transaction(async (tx) => {
    await lockSubject(tx, scope, subject);
    const now = sql`clock_timestamp()`;
    const bucket = sql`to_timestamp(floor(extract(epoch from ${now}) / ${bucketSeconds}) * ${bucketSeconds})`;
    const refused = await refusal(tx, rule, subject);
    if (refused) return refused;
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
 * `windowSeconds`: the lease frees the slots of a process that died while holding them. Returns release, or null
 * when every slot is taken. release is safe to call twice.
 */
export async function holdSharedSlot(
  db: Db,
  rule: SharedLimit,
  subject: string,
): Promise<(() => Promise<void>) | null> {
  const { scope, limit, windowSeconds: leaseSeconds } = rule;
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

/** Gives back the latest hit of `subject` (an attempt that turned out right); never below zero. */
export async function giveBackSharedHit(db: Db, rule: SharedLimit, subject: string): Promise<void> {
  const { scope } = rule;
  await db.transaction(async (tx) => {
    await lockSubject(tx, scope, subject);
    await tx.execute(sql`
      update shared_limits set hits = hits - 1
      where scope = ${scope} and subject = ${subject} and bucket_start = (
        select max(bucket_start) from shared_limits
        where scope = ${scope} and subject = ${subject} and bucket_start <> 'epoch' and hits > 0)`);
  });
}

/** Forgets every hit of `subject` in `scope` (e.g. a login that worked forgives the account's failures). */
export async function clearSharedLimit(db: Db, rule: SharedLimit, subject: string): Promise<void> {
  const { scope } = rule;
  await db.transaction(async (tx) => {
    await lockSubject(tx, scope, subject);
    await tx.execute(
      sql`delete from shared_limits where scope = ${scope} and subject = ${subject} and bucket_start <> 'epoch'`,
    );
  });
}
