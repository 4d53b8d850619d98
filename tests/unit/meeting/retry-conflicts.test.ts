import { describe, expect, it } from 'vitest';
import { CONFLICT_ATTEMPTS, retryConflicts, WriteConflict } from '../../../server/modules/meeting/retry';

// what drizzle throws when PostgreSQL breaks a transaction off: its own error with the driver's in cause
const broken = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code }) });

describe('a write the database broke off is run again', () => {
  it('runs a transaction again after a deadlock or serialization failure and answers what the retry did', async () => {
    const codes = ['40P01', '40001'];
    let runs = 0;
    const answer = await retryConflicts(async () => {
      runs += 1;
      if (runs <= codes.length) throw broken(codes[runs - 1]!);
      return 'booked';
    });
    expect([answer, runs]).toEqual(['booked', 3]);
  });

  it('gives up after a few attempts with 503 and a Retry-After, never the raw error', async () => {
    let runs = 0;
    const failure = await retryConflicts(async () => {
      runs += 1;
      throw broken('40P01');
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WriteConflict);
    expect([
      (failure as WriteConflict).status,
      (failure as WriteConflict).message,
      (failure as WriteConflict).retryAfterSeconds > 0,
    ]).toEqual([503, '操作的人较多，请稍后重试', true]);
    expect(runs).toBe(CONFLICT_ATTEMPTS);
  });

  it('does not run again what failed for any other reason (a clash stays a 409, once)', async () => {
    let runs = 0;
    const clash = Object.assign(new Error('exclusion'), { code: '23P01' });
    await expect(
      retryConflicts(async () => {
        runs += 1;
        throw clash;
      }),
    ).rejects.toBe(clash);
    expect(runs).toBe(1);
  });
});
