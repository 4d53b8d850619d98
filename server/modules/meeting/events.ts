import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createEventHub, textField, type EventHub } from '../../db/event-hub';

/** What changed: the meeting and the request that caused it (its Idempotency-Key, so its own client ignores the echo). */
export interface MeetingChange {
  meetingId: string | null;
  origin: string | null;
}

export type MeetingEventHub = EventHub<MeetingChange>;

export const MEETING_CHANNEL = 'meeting_events';

export const createMeetingEventHub = (app: FastifyInstance): Promise<MeetingEventHub> =>
  createEventHub<MeetingChange>(app, {
    channel: MEETING_CHANNEL,
    parse: (p) => ({ meetingId: textField(p.meetingId), origin: textField(p.origin) }),
  });

/**
 * A change made inside another module's transaction (the 会议室预约 outcome): NOTIFY is transactional on PostgreSQL,
 * so every process's hub hears it exactly when the decision commits, and never when it rolls back. On PGlite (one
 * process, no listener) nothing is sent: the pages refetch when opened.
 */
export async function notifyOnCommit(tx: Db, channel: string, userIds: string[], change: object): Promise<void> {
  if (userIds.length)
    await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ ...change, ids: userIds })})`);
}
