import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { completeChannelOrder } from '@contract/my';
import type { Db } from '../../db/client';
import { flowTasks, messageDeliveries, messages, outboundDeliveries, userPreferences } from '../../db/schema';
import { SHANGHAI_OFFSET } from '../../lib/shanghai-time';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BATCH = 10;

/** Why a ladder stopped before its next rung went out (outbound_deliveries.last_error of a 'stopped' row). */
export const STOPPED = { shown: '已送达，未再升级', read: '已查看，未再升级', handled: '已处理，未再升级' } as const;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The end of the 免打扰 hours (HH:MM–HH:MM, China time, may wrap midnight) when `now` is inside them, else null. */
export function quietUntil(now: number, quiet: { start: string; end: string } | null): Date | null {
  if (!quiet) return null;
  const [start, end] = [minutesOf(quiet.start), minutesOf(quiet.end)];
  if (start === end) return null;
  const sinceMidnight = (now + SHANGHAI_OFFSET) % DAY;
  const minute = Math.floor(sinceMidnight / MINUTE);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  let until = now - sinceMidnight + end * MINUTE;
  if (until <= now) until += DAY;
  return new Date(until);
}

export interface ReceiverPlan {
  /** when this receiver's reminders may leave the app (now, or the end of their 免打扰) */
  start: Date;
  /** their escalation order (我的 → 提醒方式) */
  order: string[];
}

/** Each receiver's escalation order and, for a non-urgent reminder, when their 免打扰 lets it out. */
export async function receiverPlans(
  tx: Db,
  receiverIds: string[],
  urgent: boolean,
): Promise<Map<string, ReceiverPlan>> {
  const now = Date.now();
  const rows = receiverIds.length
    ? await tx
        .select({
          userId: userPreferences.userId,
          order: userPreferences.channelOrder,
          quietStart: userPreferences.quietStart,
          quietEnd: userPreferences.quietEnd,
        })
        .from(userPreferences)
        .where(inArray(userPreferences.userId, receiverIds))
    : [];
  const plans = new Map<string, ReceiverPlan>();
  for (const id of receiverIds) {
    const row = rows.find((r) => r.userId === id);
    const quiet = row?.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
    const held = urgent ? null : quietUntil(now, quiet);
    plans.set(id, { start: held ?? new Date(now), order: completeChannelOrder(row?.order) });
  }
  return plans;
}

/**
 * A receipt, reading the message or handling its 待办 stops the receiver's ladder: what has not gone yet is marked
 * stopped, in the caller's transaction.
 */
export async function stopLadder(tx: Db, messageId: string, receiverId: string, reason: string): Promise<void> {
  await tx
    .update(outboundDeliveries)
    .set({ status: 'stopped', lastError: reason, leaseUntil: null })
    .where(
      and(
        sql`${outboundDeliveries.status} = 'held'`,
        inArray(
          outboundDeliveries.deliveryId,
          tx
            .select({ id: messageDeliveries.id })
            .from(messageDeliveries)
            .where(and(eq(messageDeliveries.messageId, messageId), eq(messageDeliveries.receiverId, receiverId))),
        ),
      ),
    );
}

/** Why the ladder of this receiver for this message stops now, or null while nobody has seen or handled it. */
async function stopReason(tx: Db, held: { messageId: string; receiverId: string; link: string | null }) {
  const ladder = await tx
    .select({
      channel: messageDeliveries.channel,
      read: messageDeliveries.read,
      shownAt: outboundDeliveries.shownAt,
    })
    .from(messageDeliveries)
    .leftJoin(outboundDeliveries, eq(outboundDeliveries.deliveryId, messageDeliveries.id))
    .where(and(eq(messageDeliveries.messageId, held.messageId), eq(messageDeliveries.receiverId, held.receiverId)));
  if (ladder.some((r) => r.channel === 'app' && r.read)) return STOPPED.read;
  if (ladder.some((r) => r.shownAt)) return STOPPED.shown;
  // a 待办 reminder (its link names the instance) stops once the receiver has no pending task on it any more
  const instanceId = /[?&]instanceId=([0-9a-f-]{36})/i.exec(held.link ?? '')?.[1];
  if (!instanceId) return null;
  const tasks = await tx
    .select({ status: flowTasks.status })
    .from(flowTasks)
    .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.assigneeId, held.receiverId)));
  return tasks.length && !tasks.some((t) => t.status === 'pending') ? STOPPED.handled : null;
}

/**
 * Lets out the held rungs whose time came: a rung goes when nothing stopped its ladder, no earlier rung is still to go,
 * and `escalateSeconds` passed since the last earlier rung went (the push, or the previous channel). One transaction,
 * the held rows locked SKIP LOCKED, so two processes never decide one rung twice and a killed one decided nothing;
 * a rung let out becomes 'pending' and is claimed and sent like every other delivery.
 */
export async function releaseDueRungs(db: Db, escalateSeconds: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: outboundDeliveries.id,
        rung: outboundDeliveries.rung,
        messageId: messageDeliveries.messageId,
        receiverId: messageDeliveries.receiverId,
        link: messages.link,
      })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
      .where(and(sql`${outboundDeliveries.status} = 'held'`, lte(outboundDeliveries.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outboundDeliveries.nextAttemptAt))
      .limit(BATCH)
      .for('update', { of: outboundDeliveries, skipLocked: true });
    for (const held of due) {
      const reason = await stopReason(tx, held);
      if (reason) {
        await tx
          .update(outboundDeliveries)
          .set({ status: 'stopped', lastError: reason })
          .where(eq(outboundDeliveries.id, held.id));
        continue;
      }
      const earlier = await tx
        .select({ rung: outboundDeliveries.rung, status: outboundDeliveries.status, sentAt: outboundDeliveries.sentAt })
        .from(outboundDeliveries)
        .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
        .where(
          and(
            eq(messageDeliveries.messageId, held.messageId),
            eq(messageDeliveries.receiverId, held.receiverId),
            sql`${outboundDeliveries.rung} < ${held.rung ?? 0}`,
          ),
        );
      const waiting = earlier.some((r) => r.rung! > 0 && (r.status === 'held' || r.status === 'pending'));
      const lastSent = Math.max(0, ...earlier.map((r) => r.sentAt?.getTime() ?? 0));
      const nextAt = waiting ? Date.now() + escalateSeconds * 1000 : lastSent + escalateSeconds * 1000;
      await tx
        .update(outboundDeliveries)
        .set(
          nextAt > Date.now() ? { nextAttemptAt: new Date(nextAt) } : { status: 'pending', nextAttemptAt: sql`now()` },
        )
        .where(eq(outboundDeliveries.id, held.id));
    }
    return due.length;
  });
}
