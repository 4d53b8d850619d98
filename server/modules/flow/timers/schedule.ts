import { gte } from 'drizzle-orm';
import type { NodeTimeLimit } from '@contract/flow-schemas';
import type { Db } from '../../../db/client';
import { flowTaskTimers, workCalendarDays } from '../../../db/schema';
import { addWorkingMinutes, localDay, type CalendarExceptions } from './working-time';

const MINUTE_MS = 60_000;

/** The calendar's exceptions from `from`'s day on (a few dozen rows a year). */
export async function calendarFrom(db: Db, from: Date): Promise<CalendarExceptions> {
  const rows = await db
    .select({ day: workCalendarDays.day, working: workCalendarDays.working })
    .from(workCalendarDays)
    .where(gte(workCalendarDays.day, localDay(from)));
  return new Map(rows.map((r) => [r.day, r.working]));
}

/** When `minutes` after `openedAt` falls on the limit's clock; a working clock without working days ahead: never. */
export function dueAt(openedAt: Date, minutes: number, limit: NodeTimeLimit, calendar: CalendarExceptions) {
  if (limit.clock === 'natural') return new Date(openedAt.getTime() + minutes * MINUTE_MS);
  return addWorkingMinutes(openedAt, minutes, calendar);
}

/**
 * Writes the timers of a node's time limit for tasks just opened, in the transaction that opened them: a rolled-back
 * action leaves no timer, a committed one is kept across restarts.
 */
export async function scheduleTimers(tx: Db, taskIds: string[], limit: NodeTimeLimit, openedAt: Date): Promise<void> {
  const kinds = [
    ['remind', limit.remindAfterMinutes],
    ['escalate', limit.escalateAfterMinutes],
    ['expire', limit.expireAfterMinutes],
  ] as const;
  const wanted = kinds.filter(([, minutes]) => minutes !== undefined);
  if (taskIds.length === 0 || wanted.length === 0) return;
  const calendar = limit.clock === 'natural' ? new Map<string, boolean>() : await calendarFrom(tx, openedAt);
  const rows = wanted.flatMap(([kind, minutes]) => {
    const at = dueAt(openedAt, minutes!, limit, calendar);
    return at ? taskIds.map((taskId) => ({ taskId, kind, dueAt: at })) : [];
  });
  if (rows.length > 0) await tx.insert(flowTaskTimers).values(rows);
}
