import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { CurrentUserData } from '@contract/auth';
import type { RoomDay } from '@contract/meeting';
import { http } from '@/api/http';
import { configureOutbox, type OutboxSender } from '@/offline/outbox-config';
import { userStore } from '@/session/user-store';
import { meetingKeys } from '@/features/meeting/api/meeting-keys';
import { renderPages, testQueryClient } from './render-pages';

/** The day the booking form opens on and its one free room, as the offline meeting-form tests cache them. */
export const DAY = '2031-12-01';
export const ROOM = '44444444-4444-4444-8444-444444444444';
export const ME = 'u-me';
export const room: RoomDay = {
  id: ROOM,
  buildingId: 'b-1',
  buildingName: '总部',
  name: '3楼会议室',
  floor: '3',
  capacity: 12,
  equipment: [],
  photoUrl: null,
  needsApproval: false,
  available: true,
  bookings: [],
  freeSlots: [],
};

/**
 * /meeting/addMeeting with the network gone: every request fails as the browser's would, the room day (and what
 * `seed` adds) is cached, and the outbox queues as `userKey`. Answers the rendered pages and the query client.
 */
export function renderMeetingFormOffline(options: {
  userKey: string;
  send: OutboxSender;
  form: () => ReactNode;
  pages: Record<string, () => ReactNode>;
  seed?: (queryClient: QueryClient) => void;
}) {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
  }) as AxiosAdapter;
  userStore.set({ user: { userVo: { id: ME, orgId: 'org-1' } } as CurrentUserData, roles: [], permissions: [] });
  const queryClient = testQueryClient({
    queries: { networkMode: 'offlineFirst' },
    mutations: { networkMode: 'always' },
  });
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } });
  queryClient.setQueryData(meetingKeys.roomDay(DAY), [room]);
  options.seed?.(queryClient);
  configureOutbox({
    send: options.send,
    getUserKey: () => options.userKey,
    isOnline: () => navigator.onLine,
    queryClient,
  });
  const view = renderPages(
    { '/meeting/addMeeting': options.form, ...options.pages },
    { at: '/meeting/addMeeting', queryClient },
  );
  return { ...view, queryClient };
}
