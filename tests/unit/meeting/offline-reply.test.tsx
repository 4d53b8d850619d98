import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { CurrentUserData } from '@contract/auth';
import type { MeetingDetail, MeetingListRow } from '@contract/meeting';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { listOutbox } from '@/offline/outbox';
import { replayOutbox } from '@/offline/replay';
import { userStore } from '@/session/user-store';
import { toast, dialog } from '@/ui/feedback';
import { QUEUED_TEXT } from '@/ui/write-feedback';
import { MeetingDetailPage } from '@/features/meeting/components/meeting-detail-page';
import { meetingListQuery } from '@/features/meeting/api/get-meetings';
import { renderPages, testQueryClient } from '../support/render-pages';

// Issue 45 §2: 接受 / 拒绝 of a meeting invitation made offline waits in the outbox and shows at once.
const MEETING = '33333333-3333-4333-8333-333333333333';
const SUBJECT = '季度经营分析会';
const ME = 'u-me';
const row: MeetingListRow = {
  id: MEETING,
  subject: SUBJECT,
  startAt: '2026-12-01T02:00:00Z',
  endAt: '2026-12-01T03:00:00Z',
  roomName: '一号会议室',
  onlineLink: null,
  organizerName: '张三',
  status: 'upcoming',
  myResponse: 'pending',
  organizer: false,
};
const person = (userId: string, name: string) => ({
  userId,
  name,
  orgName: '研发部',
  response: 'pending' as const,
  declineReason: null,
  signedInAt: null,
  signedInManually: false,
});
const detail: MeetingDetail = {
  ...row,
  agenda: '经营数据',
  roomId: null,
  hostDeptId: null,
  hostDeptName: null,
  organizerId: 'u-zhang',
  participants: [person(ME, '李四'), person('u-wang', '王五')],
  materials: [],
  minutes: null,
  channels: [],
  approvalInstanceId: null,
  abilities: { edit: false, cancel: false, respond: true, minutes: false, signInQr: false, signIn: false },
  version: 1,
};
const listKey = (kind: 'invitations' | 'upcoming') => meetingListQuery(kind)('').queryKey;

const send = vi.fn();
// the outbox lives in the file's IndexedDB: each test queues as its own person, so it reads and replays its own writes
let userKey = 0;
const queued = async () => (await listOutbox()).filter((e) => e.url.endsWith(`${MEETING}/response`));

function renderOffline() {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (navigator.onLine && config.method === 'get' && config.url === `/api/meeting/${MEETING}`)
      return { status: 200, statusText: '200', data: { code: 200, msg: '', data: detail }, headers: {}, config };
    throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
  }) as AxiosAdapter;
  userStore.set({ user: { userVo: { id: ME } } as CurrentUserData, roles: [], permissions: [] });
  const queryClient = testQueryClient({
    queries: { networkMode: 'offlineFirst' },
    mutations: { networkMode: 'always' },
  });
  queryClient.setQueryData(['meeting', 'detail', MEETING], detail);
  for (const kind of ['invitations', 'upcoming'] as const)
    queryClient.setQueryData(listKey(kind), { pages: [{ rows: [row], total: 1 }], pageParams: [1] });
  userKey += 1;
  configureOutbox({ send, getUserKey: () => `lisi-${userKey}`, isOnline: () => navigator.onLine, queryClient });
  renderPages({ '/meeting/info': () => <MeetingDetailPage id={MEETING} /> }, { at: '/meeting/info', queryClient });
  return queryClient;
}

async function declineWith(reason: string) {
  fireEvent.click(await screen.findByRole('button', { name: '拒绝' }));
  fireEvent.change(await screen.findByPlaceholderText('拒绝原因（选填）'), { target: { value: reason } });
  fireEvent.click(screen.getByRole('button', { name: '确定拒绝' }));
}

afterEach(async () => {
  toast.clear();
  dialog.clear();
  send.mockReset();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 12_000 });
}, 15_000);

describe('a meeting reply, offline', () => {
  it('接受 is queued, named for the meeting, and shown at once in the detail and the lists', async () => {
    const queryClient = renderOffline();
    fireEvent.click(await screen.findByRole('button', { name: '接受' }));
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    const [entry] = await queued();
    expect(entry).toMatchObject({ body: { response: 'accepted' }, label: `接受会议「${SUBJECT}」`, verb: '接受' });
    expect(entry!.typedText).toBeUndefined();
    expect(entry!.idempotencyKey).toMatch(/\S{16,}/);
    await waitFor(() => expect(screen.getByRole('button', { name: '接受' }).hasAttribute('disabled')).toBe(true));
    expect(
      queryClient.getQueryData<{ pages: { rows: MeetingListRow[]; total: number }[] }>(listKey('invitations')),
    ).toEqual({ pages: [{ rows: [], total: 0 }], pageParams: [1] });
    const upcoming = queryClient.getQueryData<{ pages: { rows: MeetingListRow[] }[] }>(listKey('upcoming'));
    expect(upcoming?.pages[0]?.rows[0]?.myResponse).toBe('accepted');
  });

  it('拒绝 keeps its reason for a refusal; a replay the server refuses puts the old answer back', async () => {
    const queryClient = renderOffline();
    await declineWith('出差在外');
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    expect(await screen.findByText('拒绝原因：出差在外')).toBeTruthy();
    const [entry] = await queued();
    expect(entry).toMatchObject({
      body: { response: 'declined', reason: '出差在外' },
      label: `拒绝会议「${SUBJECT}」`,
      verb: '拒绝',
      typedText: '出差在外',
    });
    const upcoming = queryClient.getQueryData<{ pages: { rows: MeetingListRow[] }[] }>(listKey('upcoming'));
    expect(upcoming?.pages[0]?.rows).toEqual([]);

    // back online, the meeting was cancelled meanwhile: the server refuses, the detail is fetched again
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    send.mockRejectedValueOnce(Object.assign(new Error('会议已取消'), { kind: 'business', status: 409, code: 409 }));
    await replayOutbox();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ idempotencyKey: entry!.idempotencyKey }));
    expect(await queued()).toEqual([expect.objectContaining({ status: 'conflict', error: '会议已取消' })]);
    await waitFor(() => expect(screen.queryByText('拒绝原因：出差在外')).toBeNull());
    expect(screen.getByRole('button', { name: '拒绝' }).hasAttribute('disabled')).toBe(false);
  });
});
