import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeetingBody } from '@contract/meeting';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { userStore } from '@/session/user-store';
import { showWriteError, showWriteSuccess, writeFeedback } from '@/ui/write-feedback';
import { afterMeetingWrite, meetingKeys } from './meeting-keys';
import { applyQueuedEdit } from './queued-edit-cache';
import { applyQueuedReply, type MeetingAnswer } from './queued-reply-cache';

/*
 * Most meeting writes need the server's answer on the spot (a code is live or expired, minutes follow the meeting), so
 * they are sent directly, not queued: offline they fail with the HTTP layer's network text and nothing changes.
 * 接受 / 拒绝, a new booking and 修改会议 may wait in the outbox: invitations are answered on the move, and a booking
 * or a change made on the train is sent when the network is back; if the room was taken (or the meeting cancelled)
 * meanwhile, the refusal says so and the form's values wait with it, to be opened again (`reopen`) and sent again.
 */

const refresh = (queryClient: QueryClient, keys: unknown[][]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

type MeetingInput = Omit<MeetingBody, 'agenda' | 'onlineLink' | 'materialFileIds' | 'channels'> & Partial<MeetingBody>;

export interface SaveMeetingInput {
  body: MeetingInput;
  idempotencyKey: string;
  /** the write's name in the outbox, e.g. 预订「3楼会议室」12月1日 10:00–11:00 or 修改会议「周例会」 */
  label: string;
  /** the form's values, kept with a queued booking or change so a refusal can open the form again filled */
  draft: unknown;
}

/** Where a refused booking's form (with `id`, a refused change's) opens again with its values. */
export const rebookPath = (idempotencyKey: string, id?: string) =>
  `/meeting/addMeeting?${id ? `id=${encodeURIComponent(id)}&` : ''}rebook=${encodeURIComponent(idempotencyKey)}`;

export type SavedMeeting = { queued: true } | { queued: false; id: string };

/**
 * 预订会议 or, with an id, 修改会议, both queued offline; the caller keeps one key per submit so a double tap saves
 * once. A queued change shows in the cached detail and lists at once (applyQueuedEdit).
 */
export function useSaveMeeting(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey, label, draft }: SaveMeetingInput): Promise<SavedMeeting> => {
      const key = rememberOwnWrite(idempotencyKey);
      const result = await sendOrQueue<{ id: string }>({
        method: id ? 'PUT' : 'POST',
        url: id ? `/api/meeting/${encodeURIComponent(id)}` : '/api/meeting',
        body,
        label,
        verb: id ? '修改' : '预订',
        idempotencyKey: key,
        draft,
        reopen: rebookPath(key, id),
        invalidate: afterMeetingWrite(id),
      });
      if (!result.queued) return { queued: false, id: result.data.id };
      if (id) await applyQueuedEdit(queryClient, id, body);
      return { queued: true };
    },
    ...writeFeedback(id ? '会议已修改' : '会议已预订'),
  });
}

function useMeetingAction<V>(id: string, url: string, body: (v: V) => unknown, text: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => {
      await post(url, body(variables), { idempotencyKey: rememberOwnWrite(newIdempotencyKey()), silent: true });
      await refresh(queryClient, afterMeetingWrite(id));
      return variables;
    },
    ...writeFeedback(text),
  });
}

export type { MeetingAnswer } from './queued-reply-cache';

/**
 * 接受 / 拒绝 goes through the offline outbox with its Idempotency-Key; queued, the cached detail and lists show the
 * reply at once. A refusal on replay (the meeting was cancelled meanwhile) is shown in the outbox bar, the 拒绝原因
 * offered back, and the replay's refetch puts the old answer back.
 */
export function useRespond(id: string, subject: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: MeetingAnswer) => {
      const verb = answer.response === 'accepted' ? '接受' : '拒绝';
      return sendOrQueue({
        method: 'POST',
        url: `/api/meeting/${encodeURIComponent(id)}/response`,
        body: answer,
        label: `${verb}会议「${subject}」`,
        verb,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        ...(answer.response === 'declined' && answer.reason ? { typedText: answer.reason } : {}),
        invalidate: afterMeetingWrite(id),
      });
    },
    onSuccess: async (result, answer) => {
      if (result.queued) await applyQueuedReply(queryClient, id, userStore.get().user?.userVo.id, answer);
      showWriteSuccess(result, answer.response === 'accepted' ? '已接受邀请' : '已拒绝邀请');
    },
    onError: showWriteError,
  });
}

export const useCancelMeeting = (id: string) =>
  useMeetingAction<string>(id, `/api/meeting/${encodeURIComponent(id)}/cancel`, (reason) => ({ reason }), '会议已取消');

export const useSaveMinutes = (id: string) =>
  useMeetingAction<string>(
    id,
    `/api/meeting/${encodeURIComponent(id)}/minutes`,
    (minutes) => ({ minutes }),
    '会议纪要已保存',
  );

export function useManualSignIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: string[]) => {
      await post(
        `/api/meeting/${encodeURIComponent(id)}/manual-sign-in`,
        { userIds },
        { idempotencyKey: rememberOwnWrite(newIdempotencyKey()), silent: true },
      );
      await refresh(queryClient, [[...meetingKeys.signIns(id)], [...meetingKeys.detail(id)]]);
    },
    ...writeFeedback('签到成功'),
  });
}

/** A participant's sign-in with scanned text or a typed code; the server's answer (签到成功 / 您已签到 / why not) is shown. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, meetingId }: { code: string; meetingId?: string }) => {
      const answer = await post<{ meetingId: string; already: boolean }>(
        '/api/meeting/sign-in',
        { code, ...(meetingId ? { meetingId } : {}) },
        {
          idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
          silent: true,
        },
      );
      await refresh(queryClient, afterMeetingWrite(answer.meetingId));
      return answer;
    },
    ...writeFeedback<{ already: boolean }>((a) => (a.already ? '您已签到' : '签到成功')),
  });
}
