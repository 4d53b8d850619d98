import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { EventBody, EventEditBody, ParticipantAnswer, RecurrenceRule } from '@contract/schedule';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/validate';
import { scheduleEvents, users, type StoredOverride } from '../../db/schema';
import { expandSeries, findOccurrence, splitSeries, type Series } from './recurrence';
import { normaliseRule } from './rule-days';
import { dateKey, dayNumber, dayStart, parseDateKey, timeOfDay } from '../../lib/shanghai-time';
import { editRefusal, enforce, eventNotFound, respondRefusal } from './policy';

/*
 * 日程 writes; the reads are in read-service.ts. Only the owner changes an event; a series is edited as a whole, one
 * occurrence (an override or an exdate) or "this and following" (the series is split, see recurrence.splitSeries).
 */

type EventRow = typeof scheduleEvents.$inferSelect;
const notFound = eventNotFound;

/** The last instant any occurrence may end; null for an open-ended series. */
export function lastEndOf(e: {
  startAt: number;
  endAt: number;
  rule: RecurrenceRule | null;
  overrides: Record<string, StoredOverride>;
}): Date | null {
  if (!e.rule) return new Date(e.endAt);
  const duration = e.endAt - e.startAt;
  let last: number;
  if (e.rule.until) last = dayStart(parseDateKey(e.rule.until) + 1) + duration;
  else if (e.rule.count) {
    const all = expandSeries(
      { id: '', startAt: e.startAt, endAt: e.endAt, rule: e.rule, exdates: [], overrides: {} },
      e.startAt,
      Number.MAX_SAFE_INTEGER / 2,
    );
    last = all.length ? all[all.length - 1]!.endAt : e.endAt;
  } else return null;
  for (const o of Object.values(e.overrides)) last = Math.max(last, o.endAt);
  return new Date(last);
}

const seriesOf = (row: EventRow): Series => ({
  id: row.id,
  startAt: row.startAt.getTime(),
  endAt: row.endAt.getTime(),
  rule: row.rule!,
  exdates: row.exdates,
  overrides: row.overrides,
});

async function checkParticipants(tx: Db, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (!unique.every(isUuid)) throw new AppError(400, '参与人不存在');
  if (!unique.length) return unique;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(or(...unique.map((id) => eq(users.id, id))));
  if (found.length !== unique.length) throw new AppError(400, '参与人不存在');
  return unique;
}

function columns(body: EventBody, participantIds: string[]) {
  const startAt = Date.parse(body.startAt);
  const endAt = Date.parse(body.endAt);
  const rule = body.recurrence ? normaliseRule(body.recurrence, dayNumber(startAt)) : null;
  if (rule?.until && rule.until < dateKey(dayNumber(startAt))) throw new AppError(400, '重复截止日期不能早于开始日期');
  return {
    title: body.title,
    startAt: new Date(startAt),
    endAt: new Date(endAt),
    allDay: body.allDay,
    location: body.location,
    notes: body.notes,
    reminderMinutes: body.reminderMinutes,
    color: body.color,
    participantIds,
    rule,
  };
}

/** What a write answers; `notified` (whose calendars changed, for live events) stays on the server. */
export interface EventWritten {
  id: string;
  notified: string[];
}

export async function createEvent(tx: Db, ownerId: string, body: EventBody): Promise<EventWritten> {
  const values = columns(body, await checkParticipants(tx, body.participantIds));
  const lastEndAt = lastEndOf({
    startAt: values.startAt.getTime(),
    endAt: values.endAt.getTime(),
    rule: values.rule,
    overrides: {},
  });
  const [row] = await tx
    .insert(scheduleEvents)
    .values({ ...values, ownerId, lastEndAt })
    .returning({ id: scheduleEvents.id });
  return { id: row!.id, notified: values.participantIds };
}

/** The event locked for a write the caller may make (404 when they may not see it, 403 when they only read it). */
async function lockedEvent(
  tx: Db,
  userId: string,
  id: string,
  refusal: typeof editRefusal = editRefusal,
): Promise<EventRow> {
  const [row] = await tx.select().from(scheduleEvents).where(eq(scheduleEvents.id, id)).for('update');
  enforce(refusal(userId, row ?? null));
  return row!;
}
const ownEvent = (tx: Db, userId: string, id: string) => lockedEvent(tx, userId, id);

/** Answers kept for the people still taking part. */
const keptResponses = (responses: Record<string, ParticipantAnswer>, participantIds: string[]) =>
  Object.fromEntries(Object.entries(responses).filter(([id]) => participantIds.includes(id)));

const sameRule = (a: RecurrenceRule | null, aStart: number, b: RecurrenceRule | null, bStart: number) => {
  const norm = (r: RecurrenceRule | null, start: number) => {
    if (!r) return 'null';
    const n = normaliseRule(r, dayNumber(start)) as Record<string, unknown>;
    return JSON.stringify(
      Object.keys(n)
        .sort()
        .map((k) => [k, n[k]]),
    );
  };
  return norm(a, aStart) === norm(b, bStart);
};

const withLastEnd = <
  T extends { startAt: Date; endAt: Date; rule: RecurrenceRule | null; overrides?: Record<string, StoredOverride> },
>(
  v: T,
) => ({
  ...v,
  lastEndAt: lastEndOf({
    startAt: v.startAt.getTime(),
    endAt: v.endAt.getTime(),
    rule: v.rule,
    overrides: v.overrides ?? {},
  }),
  updatedAt: new Date(),
});

/** 修改日程 with its scope (仅此日程 / 此日程及之后 / 所有日程); answers the id now holding the edited occurrence. */
export async function updateEvent(tx: Db, ownerId: string, id: string, body: EventEditBody): Promise<EventWritten> {
  const row = await ownEvent(tx, ownerId, id);
  const values = columns(body, await checkParticipants(tx, body.participantIds));
  const responses = keptResponses(row.responses, values.participantIds);
  const notified = [...new Set([...row.participantIds, ...values.participantIds])];
  if (!row.rule || body.scope === 'all') {
    // a new rule or time voids the per-occurrence changes made under the old one
    const sameShape =
      row.startAt.getTime() === values.startAt.getTime() &&
      sameRule(row.rule, row.startAt.getTime(), values.rule, values.startAt.getTime());
    const overrides = sameShape ? row.overrides : {};
    await tx
      .update(scheduleEvents)
      .set(withLastEnd({ ...values, responses, overrides, exdates: sameShape ? row.exdates : [] }))
      .where(eq(scheduleEvents.id, id));
    return { id, notified };
  }
  const occurrence = findOccurrence(seriesOf(row), body.occurrenceDate!);
  if (!occurrence) throw notFound();
  if (body.scope === 'this') {
    const overrides = {
      ...row.overrides,
      [body.occurrenceDate!]: {
        startAt: values.startAt.getTime(),
        endAt: values.endAt.getTime(),
        title: values.title,
        location: values.location,
        notes: values.notes,
      },
    };
    await tx
      .update(scheduleEvents)
      .set(withLastEnd({ startAt: row.startAt, endAt: row.endAt, rule: row.rule, overrides }))
      .where(eq(scheduleEvents.id, id));
    return { id, notified };
  }
  const newId = randomUUID();
  const { before, after } = splitSeries(seriesOf(row), body.occurrenceDate!, newId);
  const newStart = values.startAt.getTime();
  // the earlier part keeps every occurrence before the chosen one: the new part may not start among them
  if (before && dayNumber(newStart) < parseDateKey(body.occurrenceDate!))
    throw new AppError(400, '此日程及之后的开始日期不能早于所选日程');
  // an unchanged rule continues the series: the remaining count, the dates taken out and (same times) the moved ones
  const ruleKept = sameRule(row.rule, row.startAt.getTime(), values.rule, newStart);
  const timesKept =
    timeOfDay(newStart) === timeOfDay(row.startAt.getTime()) &&
    values.endAt.getTime() - newStart === row.endAt.getTime() - row.startAt.getTime();
  const rule = ruleKept ? (after.rule as RecurrenceRule) : values.rule;
  const exdates = ruleKept ? after.exdates.filter((d) => d >= dateKey(dayNumber(newStart))) : [];
  const overrides =
    ruleKept && timesKept && dayNumber(newStart) === parseDateKey(body.occurrenceDate!) ? after.overrides : {};
  if (before) {
    await tx
      .update(scheduleEvents)
      .set(
        withLastEnd({
          startAt: row.startAt,
          endAt: row.endAt,
          rule: before.rule as RecurrenceRule,
          overrides: before.overrides,
          exdates: before.exdates,
        }),
      )
      .where(eq(scheduleEvents.id, id));
  } else await tx.delete(scheduleEvents).where(eq(scheduleEvents.id, id));
  await tx
    .insert(scheduleEvents)
    .values({ ...withLastEnd({ ...values, rule, overrides }), exdates, responses, id: newId, ownerId });
  return { id: newId, notified };
}

/** 接受 / 拒绝 an event one takes part in (every occurrence of a series). */
export async function respondToEvent(
  tx: Db,
  userId: string,
  id: string,
  response: ParticipantAnswer,
): Promise<EventWritten> {
  const row = await lockedEvent(tx, userId, id, respondRefusal);
  await tx
    .update(scheduleEvents)
    .set({ responses: { ...row.responses, [userId]: response }, updatedAt: new Date() })
    .where(eq(scheduleEvents.id, id));
  return { id, notified: [row.ownerId] };
}

/** 删除日程 with its scope. */
export async function deleteEvent(
  tx: Db,
  ownerId: string,
  id: string,
  scope: 'this' | 'following' | 'all',
  occurrenceDate?: string,
): Promise<EventWritten> {
  const row = await ownEvent(tx, ownerId, id);
  const notified = row.participantIds;
  if (!row.rule || scope === 'all') {
    await tx.delete(scheduleEvents).where(eq(scheduleEvents.id, id));
    return { id, notified };
  }
  if (!findOccurrence(seriesOf(row), occurrenceDate!)) throw notFound();
  if (scope === 'this') {
    await tx
      .update(scheduleEvents)
      .set({ exdates: [...row.exdates, occurrenceDate!], updatedAt: new Date() })
      .where(eq(scheduleEvents.id, id));
    return { id, notified };
  }
  const { before } = splitSeries(seriesOf(row), occurrenceDate!, randomUUID());
  if (!before) await tx.delete(scheduleEvents).where(eq(scheduleEvents.id, id));
  else {
    await tx
      .update(scheduleEvents)
      .set(
        withLastEnd({
          startAt: row.startAt,
          endAt: row.endAt,
          rule: before.rule as RecurrenceRule,
          overrides: before.overrides,
          exdates: before.exdates,
        }),
      )
      .where(eq(scheduleEvents.id, id));
  }
  return { id, notified };
}
