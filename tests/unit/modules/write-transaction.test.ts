import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/client';
import { afterCommit, writeTransaction } from '../../../server/plugins/write-transaction';

/** A request whose database runs the work as a transaction that commits, or fails at the commit. */
function requestWith(commit: 'commits' | 'fails') {
  const log = { error: vi.fn() };
  const db = {
    transaction: async <T>(work: (tx: Db) => Promise<T>) => {
      const result = await work({} as Db);
      if (commit === 'fails') throw new Error('could not serialize access');
      return result;
    },
  };
  return { request: { server: { db }, log } as unknown as FastifyRequest, log };
}

describe('the after-commit hook of the write transaction', () => {
  it('runs what the work registered once the transaction committed, with the request log', async () => {
    const { request, log } = requestWith('commits');
    const ran: unknown[] = [];
    const answer = await writeTransaction(request, async () => {
      afterCommit((hookLog) => ran.push(hookLog));
      expect(ran).toEqual([]);
      return { id: 'x' };
    });
    expect(answer.data).toEqual({ id: 'x' });
    expect(ran).toEqual([log]);
  });

  it('never runs it when the transaction rolls back', async () => {
    const { request } = requestWith('fails');
    const hook = vi.fn();
    await expect(
      writeTransaction(request, async () => {
        afterCommit(hook);
        return null;
      }),
    ).rejects.toThrow('could not serialize access');
    expect(hook).not.toHaveBeenCalled();
  });

  it('keeps the committed answer when a hook throws, and logs it', async () => {
    const { request, log } = requestWith('commits');
    const answer = await writeTransaction(request, async () => {
      afterCommit(() => {
        throw new Error('push failed');
      });
      return 1;
    });
    expect(answer.data).toBe(1);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('does nothing outside a write transaction', () => {
    const hook = vi.fn();
    afterCommit(hook);
    expect(hook).not.toHaveBeenCalled();
  });
});
