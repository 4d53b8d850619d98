import type { QueryClient } from '@tanstack/react-query';
import type { MeetingListKind } from '@contract/meeting';
import { shanghaiToday } from '../components/meeting-time';
import { meetingDetailOptions, meetingListQuery, roomDayOptions, roomOptions } from './get-meetings';

/* Route loaders start the page's first read from the same options the page uses; failures are left to the page. */
const quiet = () => undefined;

export const loadMeetingList = (queryClient: QueryClient, kind: MeetingListKind) =>
  queryClient.ensureInfiniteQueryData(meetingListQuery(kind)('')).then(quiet, quiet);
export const loadMeeting = (queryClient: QueryClient, id: string) =>
  queryClient.ensureQueryData(meetingDetailOptions(id)).then(quiet, quiet);
export const loadRoomDay = (queryClient: QueryClient, date = shanghaiToday()) =>
  queryClient.ensureQueryData(roomDayOptions(date)).then(quiet, quiet);
export const loadRoom = (queryClient: QueryClient, id: string, date = shanghaiToday()) =>
  queryClient.ensureQueryData(roomOptions(id, date)).then(quiet, quiet);
