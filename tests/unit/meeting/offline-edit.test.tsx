import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MeetingDetail } from '@contract/meeting';
import { listOutbox } from '@/offline/outbox';
import { refusalText } from '@/offline/refusal-text';
import { PendingWrites } from '@/offline/pending-writes';
import { replayOutbox } from '@/offline/replay';
import { toast, dialog } from '@/ui/feedback';
import { QUEUED_TEXT } from '@/ui/write-feedback';
import { AddMeetingPage } from '@/features/meeting/components/add-meeting-page';
import { meetingKeys } from '@/features/meeting/api/meeting-keys';
import { DAY, ME, ROOM, renderMeetingFormOffline } from '../support/meeting-form-offline';
import { renderPages } from '../support/render-pages';

// Issue 45 §2: 修改会议 made offline waits in the outbox and shows at once; refused on replay (the meeting was
// cancelled meanwhile), its values, not the server's, open the edit form again.
const MEETING = '55555555-5555-4555-8555-555555555555';
const detail: MeetingDetail = {
  id: MEETING,
  subject: '周例会',
  startAt: '2031-12-01T02:00:00.000Z',
  endAt: '2031-12-01T03:00:00.000Z',
  roomName: '3楼会议室',
  onlineLink: null,
  organizerName: '李四',
  status: 'upcoming',
  myResponse: null,
  organizer: true,
  agenda: '本周进展',
  roomId: ROOM,
  hostDeptId: 'org-1',
  hostDeptName: '研发部',
  organizerId: ME,
  participants: [
    {
      userId: 'u-wang',
      name: '王五',
      orgName: '研发部',
      response: 'pending',
      declineReason: null,
      signedInAt: null,
      signedInManually: false,
    },
  ],
  materials: [],
  minutes: null,
  channels: ['app'],
  approvalInstanceId: null,
  abilities: { edit: true, cancel: true, respond: false, minutes: false, signInQr: false, signIn: false },
  version: 3,
};

const send = vi.fn();
// the outbox lives in the file's IndexedDB: each test queues as its own person, so it reads and replays its own writes
let userKey = 0;
const edits = async () => (await listOutbox()).filter((e) => e.url === `/api/meeting/${MEETING}`);

/** The edit form of the meeting offline, the server's detail cached; with `rebook`, opened from 重新填写. */
const renderEdit = (rebook?: string) =>
  renderMeetingFormOffline({
    userKey: `organiser-${userKey}`,
    send,
    form: () => <AddMeetingPage id={MEETING} rebook={rebook} />,
    pages: { '/meeting/info': () => <p>会议详情</p> },
    seed: (queryClient) => queryClient.setQueryData(meetingKeys.detail(MEETING), detail),
  });

async function renameTo(subject: string) {
  const input = (await screen.findByPlaceholderText('请输入会议主题')) as HTMLInputElement;
  expect(input.value).toBe('周例会');
  fireEvent.change(input, { target: { value: subject } });
  fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
}

afterEach(() => {
  toast.clear();
  dialog.clear();
  send.mockReset();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('修改会议, offline', () => {
  it('保存修改 queues one PUT named for the meeting, says so, and the cached detail shows the change', async () => {
    userKey += 1;
    const { router, queryClient } = renderEdit();
    await renameTo('周例会（改期）');
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/meeting/info'));
    expect(router.state.location.search).toEqual({ id: MEETING });
    expect(send).not.toHaveBeenCalled();
    const queued = await edits();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      method: 'PUT',
      label: '修改会议「周例会（改期）」',
      verb: '修改',
      body: { subject: '周例会（改期）', roomId: ROOM, inviteeIds: ['u-wang'], startAt: detail.startAt },
      draft: { subject: '周例会（改期）', agenda: '本周进展', date: DAY, start: '10:00', end: '11:00' },
      reopen: `/meeting/addMeeting?id=${MEETING}&rebook=${queued[0]!.idempotencyKey}`,
    });
    expect(queued[0]!.idempotencyKey).toMatch(/\S{16,}/);
    expect(queryClient.getQueryData<MeetingDetail>(meetingKeys.detail(MEETING))).toMatchObject({
      subject: '周例会（改期）',
      startAt: detail.startAt,
      roomName: '3楼会议室',
      participants: detail.participants,
    });
  });

  it('refused on replay, it says so and 重新填写 opens the edit form with the kept values', async () => {
    userKey += 1;
    const first = renderEdit();
    await renameTo('周例会（改期）');
    await waitFor(async () => expect(await edits()).toHaveLength(1));
    first.unmount();

    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    send.mockRejectedValueOnce(Object.assign(new Error('会议已取消'), { kind: 'business', status: 409, code: 409 }));
    await replayOutbox();
    const [refused] = await edits();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toMatchObject({ method: 'PUT', idempotencyKey: refused!.idempotencyKey });
    expect(refused).toMatchObject({ status: 'conflict', error: '会议已取消' });
    expect(refusalText(refused!)).toBe('修改会议「周例会（改期）」未完成：会议已取消');

    const bar = renderPages(
      { '/x': () => <PendingWrites />, '/meeting/addMeeting': () => <p>会议表单</p> },
      { at: '/x' },
    );
    expect(await screen.findByText('修改会议「周例会（改期）」未完成：会议已取消')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新填写' }));
    await waitFor(() =>
      expect(bar.router.state.location.search).toEqual({ id: MEETING, rebook: refused!.idempotencyKey }),
    );
    bar.unmount();

    // the server's detail still says 周例会: the form opens with what was typed for the refused change
    renderEdit(refused!.idempotencyKey);
    const subject = (await screen.findByPlaceholderText('请输入会议主题')) as HTMLInputElement;
    expect(subject.value).toBe('周例会（改期）');
    expect(screen.getByRole('button', { name: '保存修改' })).toBeTruthy();
  });
});
