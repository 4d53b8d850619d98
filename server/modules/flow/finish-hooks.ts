import type { Db } from '../../db/client';

/** An instance that just ended, inside the transaction that ended it. */
export interface FinishedInstance {
  instanceId: string;
  status: 'approved' | 'rejected' | 'withdrawn';
}

/** Work another module does when a process ends (e.g. 会议 confirms or releases a room booking). */
export type FinishHandler = (tx: Db, finished: FinishedInstance) => Promise<void>;

// one registry per process, like the attachment owners: handlers are plain functions every app may share
const handlers = new Set<FinishHandler>();

/** Registers a handler; it runs in the ending transaction, so its writes commit or roll back with the decision. */
export function onInstanceFinished(handler: FinishHandler): void {
  handlers.add(handler);
}

export async function runFinishHandlers(tx: Db, finished: FinishedInstance): Promise<void> {
  for (const handler of handlers) await handler(tx, finished);
}
