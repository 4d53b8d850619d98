import type { MeetingListKind } from '@contract/meeting';
import { messageKeys } from '@/api/message';

/** Every meeting query key in one place, so a write invalidates exactly what it changed. */
export const meetingKeys = {
  all: ['meeting'] as const,
  lists: ['meeting', 'list'] as const,
  list: (kind: MeetingListKind) => ['meeting', 'list', kind] as const,
  detail: (id: string) => ['meeting', 'detail', id] as const,
  rooms: ['meeting', 'rooms'] as const,
  roomDay: (date: string) => ['meeting', 'rooms', date] as const,
  room: (id: string, date: string) => ['meeting', 'rooms', id, date] as const,
  signInToken: (id: string) => ['meeting', 'sign-in-token', id] as const,
  signIns: (id: string) => ['meeting', 'sign-ins', id] as const,
};

/** What a meeting write changes: the lists, the detail, the rooms' days, the home badge and the calendar. */
export const afterMeetingWrite = (id?: string): unknown[][] => [
  [...meetingKeys.lists],
  [...meetingKeys.rooms],
  [...messageKeys.badges],
  ['schedule'],
  ...(id ? [[...meetingKeys.detail(id)]] : []),
];
