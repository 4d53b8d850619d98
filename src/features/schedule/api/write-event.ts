import { useMutation } from '@tanstack/react-query';
import type { EditScope, EventBody, ParticipantAnswer } from '@contract/schedule';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { showWriteError, showWriteSuccess, writeFeedback } from '@/ui/write-feedback';
import { afterEventWrite } from './schedule-keys';

/*
 * Event writes may wait offline: they go through the outbox with their Idempotency-Key and are replayed once the
 * network is back (the user hears 已加入待同步队列 now and the outcome later); the calendar refetches once applied.
 */

export type EventInput = Omit<
  EventBody,
  'participantIds' | 'notes' | 'location' | 'color' | 'reminderMinutes' | 'recurrence'
> &
  Partial<EventBody>;

export function useCreateEvent() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: EventInput; idempotencyKey: string }) =>
      sendOrQueue<{ id: string }>({
        method: 'POST',
        url: '/api/schedule/events',
        body,
        label: `新建日程「${body.title}」`,
        idempotencyKey: rememberOwnWrite(idempotencyKey),
        invalidate: afterEventWrite(),
      }),
    ...writeFeedback('日程已创建'),
  });
}

export function useUpdateEvent(id: string) {
  return useMutation({
    mutationFn: (body: EventInput & { scope: EditScope; occurrenceDate?: string }) =>
      sendOrQueue({
        method: 'PUT',
        url: `/api/schedule/events/${encodeURIComponent(id)}`,
        body,
        label: `修改日程「${body.title}」`,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        invalidate: afterEventWrite(id),
      }),
    ...writeFeedback('日程已修改'),
  });
}

export function useDeleteEvent(id: string) {
  return useMutation({
    mutationFn: ({ scope, occurrenceDate, title }: { scope: EditScope; occurrenceDate?: string; title: string }) => {
      const query = new URLSearchParams({ scope, ...(occurrenceDate ? { occurrenceDate } : {}) });
      return sendOrQueue({
        method: 'DELETE',
        url: `/api/schedule/events/${encodeURIComponent(id)}?${query}`,
        label: `删除日程「${title}」`,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        invalidate: afterEventWrite(id),
      });
    },
    ...writeFeedback('日程已删除'),
  });
}

/** 接受 / 拒绝 an event one was invited to (a participant's answer; the owner sees it in the detail). */
export function useRespondEvent(id: string) {
  return useMutation({
    mutationFn: ({ response, title }: { response: ParticipantAnswer; title: string }) =>
      sendOrQueue<{ id: string }>({
        method: 'POST',
        url: `/api/schedule/events/${encodeURIComponent(id)}/response`,
        body: { response },
        label: `${response === 'accepted' ? '接受' : '拒绝'}日程「${title}」`,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        invalidate: afterEventWrite(id),
      }),
    onSuccess: (data: { queued?: boolean } | undefined, { response }: { response: ParticipantAnswer; title: string }) =>
      showWriteSuccess(data, response === 'accepted' ? '已接受日程' : '已拒绝日程'),
    onError: showWriteError,
  });
}
