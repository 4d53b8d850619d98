import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { MeetingBody, MeetingDetail, MeetingListRow, RoomDay } from '@contract/meeting';
import { meetingKeys } from './meeting-keys';

/** What of a queued 修改会议 the organiser sees at once: the fields the detail and the lists show. */
export type QueuedEdit = Pick<MeetingBody, 'subject' | 'startAt' | 'endAt' | 'roomId'> & Partial<MeetingBody>;

/** The room's name from any room day already cached: the edit names only the room's id. */
function cachedRoomName(queryClient: QueryClient, roomId: string | null): string | null | undefined {
  if (!roomId) return null;
  for (const [, data] of queryClient.getQueriesData<RoomDay[] | RoomDay>({ queryKey: meetingKeys.rooms })) {
    const rooms = Array.isArray(data) ? data : data ? [data] : [];
    const room = rooms.find((r) => r.id === roomId);
    if (room) return room.name;
  }
  return undefined;
}

/**
 * A 修改会议 queued offline shows in the cached detail and lists now, as the server will show it once sent. Only
 * cached data is edited, so the offline pages keep everything else; the replay's invalidation puts the server's truth
 * back, the old values too when the server refused the change (the room was taken, the meeting cancelled meanwhile).
 */
export async function applyQueuedEdit(queryClient: QueryClient, meetingId: string, edit: QueuedEdit): Promise<void> {
  // a fetch that started before the edit would put the old values back when it lands
  await Promise.all([
    queryClient.cancelQueries({ queryKey: meetingKeys.detail(meetingId) }),
    queryClient.cancelQueries({ queryKey: meetingKeys.lists }),
  ]);
  const roomName = cachedRoomName(queryClient, edit.roomId);
  const shown = {
    subject: edit.subject,
    startAt: edit.startAt,
    endAt: edit.endAt,
    ...(edit.onlineLink !== undefined ? { onlineLink: edit.onlineLink } : {}),
    ...(roomName !== undefined ? { roomName } : {}),
  };
  queryClient.setQueryData<MeetingDetail>(meetingKeys.detail(meetingId), (detail) =>
    detail
      ? {
          ...detail,
          ...shown,
          roomId: edit.roomId,
          ...(edit.agenda !== undefined ? { agenda: edit.agenda } : {}),
          ...(edit.channels ? { channels: edit.channels } : {}),
        }
      : detail,
  );
  queryClient.setQueriesData<InfiniteData<Page<MeetingListRow>, number>>({ queryKey: meetingKeys.lists }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            rows: page.rows.map((row) => (row.id === meetingId ? { ...row, ...shown } : row)),
          })),
        }
      : data,
  );
}
