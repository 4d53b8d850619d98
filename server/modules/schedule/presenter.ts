import type { ParticipantAnswer, ParticipantResponse, ScheduleEvent } from '@contract/schedule';
import type { scheduleEvents } from '../../db/schema';
import { editRefusal } from './policy';

type EventRow = typeof scheduleEvents.$inferSelect;

/** A participant's answer as the calendar and the detail show it. */
export const responseOf = (responses: Record<string, ParticipantAnswer>, userId: string): ParticipantResponse =>
  responses[userId] ?? 'pending';

/** The detail (read-only view and edit form): the series as stored, the people with their answers, what the caller may do. */
export function presentEvent(row: EventRow, userId: string, names: Map<string, string>): ScheduleEvent {
  return {
    id: row.id,
    title: row.title,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    allDay: row.allDay,
    location: row.location,
    notes: row.notes,
    reminderMinutes: row.reminderMinutes,
    color: row.color,
    participantIds: row.participantIds,
    recurrence: row.rule,
    mine: editRefusal(userId, row) === null,
    ownerName: names.get(row.ownerId) ?? '',
    participants: row.participantIds.map((id) => ({
      id,
      name: names.get(id) ?? '',
      response: responseOf(row.responses, id),
    })),
    myResponse: row.ownerId === userId ? null : responseOf(row.responses, userId),
  };
}
