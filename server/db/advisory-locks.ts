/*
 * Every PostgreSQL advisory lock the server takes, by name. Two locks that shared an id would wait on each other
 * (or, worse, one would think it holds what the other holds), so every pg_advisory_* call names its key here and
 * tests/unit/modules/advisory-locks.test.ts checks that no two share an id and that no call spells a number of its own.
 *
 * A one-key lock (`pg_advisory_lock(key)`) uses the id as its key; a two-key lock
 * (`pg_advisory_xact_lock(id, hashtext(subject))`) uses it as the namespace of a family of locks, one per subject.
 * Changing an id means processes of the old and the new build no longer exclude each other: stop the old ones first.
 */
export const ADVISORY_LOCKS = {
  /** one key, session: held by the process that applies migrations (server/db/client.ts; /api/health/ready) */
  migration: 727274,
  /** one key, session, shared by every live server; exclusive means no other is alive (server/db/server-membership.ts) */
  liveServers: 727275,
  /** namespace of (scope, subject) counts of the shared limiter (server/plugins/shared-limit.ts) */
  sharedLimit: 727320,
  /** namespace of the conversion slots, one lock per slot number (server/modules/preview/conversion-queue.ts) */
  previewSlot: 727330,
  /** namespace of one conversion per person at a time (server/modules/preview/conversion-queue.ts) */
  previewPerson: 727331,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;
