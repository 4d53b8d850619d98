import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { MeetingDetail, MeetingListKind, MeetingListRow } from '@contract/meeting';
import { meetingKeys } from './meeting-keys';

type ListData = InfiniteData<Page<MeetingListRow>, number>;

/** 接受, or 拒绝 with the optional reason the organiser reads in the 参会人 list. */
export type MeetingAnswer = { response: 'accepted' } | { response: 'declined'; reason?: string };

/**
 * Whether the server would still list the row in `kind` once the reply is applied: an answered invitation leaves
 * 待回复, and a declined meeting shows only among the past (unless the caller organises it too).
 */
function stillListed(kind: MeetingListKind, row: MeetingListRow, answer: MeetingAnswer): boolean {
  if (kind === 'invitations') return false;
  return kind === 'past' || row.organizer || answer.response !== 'declined';
}

function editLists(queryClient: QueryClient, meetingId: string, answer: MeetingAnswer) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: meetingKeys.lists })) {
    const kind = query.queryKey[2] as MeetingListKind;
    queryClient.setQueryData<ListData>(query.queryKey, (data) => {
      if (!data?.pages) return data;
      const pages = data.pages.map((page) => {
        if (!page.rows.some((row) => row.id === meetingId)) return page;
        const rows = page.rows.flatMap((row) => {
          if (row.id !== meetingId) return [row];
          return stillListed(kind, row, answer) ? [{ ...row, myResponse: answer.response }] : [];
        });
        return { rows, total: Math.max(0, page.total - (page.rows.length - rows.length)) };
      });
      return { ...data, pages };
    });
  }
}

/**
 * A reply queued offline has not reached the server, but for the person it is given: the cached detail and lists show
 * it now, as the server will. They are edited, never removed, so the offline page keeps everything else; the replay's
 * invalidation brings the server's truth back once sent, or puts the old answer back if the server refused it.
 */
export async function applyQueuedReply(
  queryClient: QueryClient,
  meetingId: string,
  userId: string | undefined,
  answer: MeetingAnswer,
): Promise<void> {
  // a fetch that started before the reply would put the old answer back when it lands
  await Promise.all([
    queryClient.cancelQueries({ queryKey: meetingKeys.detail(meetingId) }),
    queryClient.cancelQueries({ queryKey: meetingKeys.lists }),
  ]);
  const declineReason = answer.response === 'declined' && answer.reason ? answer.reason : null;
  queryClient.setQueryData<MeetingDetail>(meetingKeys.detail(meetingId), (detail) =>
    detail
      ? {
          ...detail,
          myResponse: answer.response,
          participants: detail.participants.map((p) =>
            p.userId === userId ? { ...p, response: answer.response, declineReason } : p,
          ),
        }
      : detail,
  );
  editLists(queryClient, meetingId, answer);
}
