import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type {
  MeetingDetail,
  MeetingListKind,
  MeetingListRow,
  RoomDay,
  SignedInPerson,
  SignInTokenAnswer,
} from '@contract/meeting';
import { get } from '@/api/http';
import { pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { meetingKeys } from './meeting-keys';

/** One of my meeting lists (待回复 / 待开始 / 进行中 / 已结束), handed to ListView. */
export const meetingListQuery = (kind: MeetingListKind) =>
  pagedListQuery(meetingKeys.list(kind), (query: ListPageQuery) =>
    get<Page<MeetingListRow>>(`/api/meeting/list/${kind}`, query, { noLoading: true }),
  );

export const meetingDetailOptions = (id: string) =>
  queryOptions({
    queryKey: meetingKeys.detail(id),
    queryFn: () => get<MeetingDetail>(`/api/meeting/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

/** Every room with the day's bookings and free slots. */
export const roomDayOptions = (date: string) =>
  queryOptions({
    queryKey: meetingKeys.roomDay(date),
    queryFn: () => get<RoomDay[]>('/api/meeting/rooms', { date }, { noLoading: true }),
    staleTime: 0,
  });

export const roomOptions = (id: string, date: string) =>
  queryOptions({
    queryKey: meetingKeys.room(id, date),
    queryFn: () => get<RoomDay>(`/api/meeting/rooms/${encodeURIComponent(id)}`, { date }),
    staleTime: 0,
  });

/** The organiser's rotating code: fetched again when it rotates (never cached for offline: it dies in a minute). */
export const signInTokenOptions = (id: string) =>
  queryOptions({
    queryKey: meetingKeys.signInToken(id),
    queryFn: () =>
      get<SignInTokenAnswer>(`/api/meeting/${encodeURIComponent(id)}/sign-in-token`, undefined, { noLoading: true }),
    refetchInterval: (query) => {
      const expires = query.state.data ? Date.parse(query.state.data.expiresAt) : 0;
      return Math.max(1_000, expires - Date.now() + 200);
    },
    gcTime: 0,
  });

/** Who has signed in, polled every few seconds while the organiser's page is open. */
export const signInsOptions = (id: string) =>
  queryOptions({
    queryKey: meetingKeys.signIns(id),
    queryFn: () =>
      get<SignedInPerson[]>(`/api/meeting/${encodeURIComponent(id)}/sign-ins`, undefined, { noLoading: true }),
    refetchInterval: 3_000,
  });
