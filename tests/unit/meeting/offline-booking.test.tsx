import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUserData } from '@contract/auth';
import { localDraftKey } from '@/components/drafts/use-local-draft';
import { writeJson } from '@/lib/local-keys';
import { listOutbox } from '@/offline/outbox';
import { refusalText } from '@/offline/refusal-text';
import { PendingWrites } from '@/offline/pending-writes';
import { replayOutbox } from '@/offline/replay';
import { userStore } from '@/session/user-store';
import { toast, dialog } from '@/ui/feedback';
import { QUEUED_TEXT } from '@/ui/write-feedback';
import { AddMeetingPage } from '@/features/meeting/components/add-meeting-page';
import { DAY, ME, ROOM, renderMeetingFormOffline } from '../support/meeting-form-offline';
import { renderPages } from '../support/render-pages';

// Issue 45 §2: a booking made offline waits in the outbox; refused on replay (the room was taken meanwhile), it says
// so in words and its values open the form again, filled, to book elsewhere.
// what the person had typed (kept on the device by the form, so the test need not pick people in the selector)
const typed = {
  subject: '季度复盘会',
  agenda: '回顾与计划',
  date: DAY,
  start: '10:00',
  end: '11:00',
  roomId: ROOM,
  onlineLink: '',
  invitees: [{ id: 'u-wang', name: '王五', realName: '王五', popCode: 'user', parentId: null }],
  channels: ['app'],
  materials: [],
};

const send = vi.fn();
let userKey = 0;
const bookings = async () => (await listOutbox()).filter((e) => e.url === '/api/meeting');

function signIn() {
  userKey += 1;
  userStore.set({ user: { userVo: { id: ME, orgId: 'org-1' } } as CurrentUserData, roles: [], permissions: [] });
}

/** The booking form offline; with `rebook`, opened from a refused booking's 重新预订 / 重新填写. */
const renderBooking = (rebook?: string) =>
  renderMeetingFormOffline({
    userKey: `booker-${userKey}`,
    send,
    form: () => <AddMeetingPage rebook={rebook} />,
    pages: { '/meeting/index': () => <p>会议首页</p>, '/meeting/info': () => <p>会议详情</p> },
  });

afterEach(async () => {
  toast.clear();
  dialog.clear();
  send.mockReset();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('a meeting booking, offline', () => {
  it('提交 queues one write named for the room and time, tells the person, and goes to the meeting home', async () => {
    signIn();
    writeJson(localDraftKey('meeting.new'), typed);
    const { router } = renderBooking();
    expect(((await screen.findByPlaceholderText('请输入会议主题')) as HTMLInputElement).value).toBe('季度复盘会');
    fireEvent.click(screen.getByRole('button', { name: '预订会议' }));
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/meeting/index'));
    expect(send).not.toHaveBeenCalled();
    const queued = await bookings();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      method: 'POST',
      label: '预订「3楼会议室」12月1日 10:00–11:00',
      verb: '预订',
      body: { subject: '季度复盘会', roomId: ROOM, inviteeIds: ['u-wang'], startAt: '2031-12-01T02:00:00.000Z' },
      draft: typed,
      reopen: `/meeting/addMeeting?rebook=${queued[0]!.idempotencyKey}`,
    });
    // the form's own copy is cleared: the booking waits in the outbox, not as an unsent form
    expect(localStorage.getItem(localDraftKey('meeting.new'))).toBeNull();
  });

  it('refused on replay because the room was taken, it says so and its values open the form again', async () => {
    signIn();
    writeJson(localDraftKey('meeting.new'), typed);
    const first = renderBooking();
    fireEvent.click(await screen.findByRole('button', { name: '预订会议' }));
    await waitFor(async () => expect(await bookings()).toHaveLength(1));
    first.unmount();

    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    const taken = '该会议室在 10:00–11:00 已被「周例会」预订';
    send.mockRejectedValueOnce(Object.assign(new Error(taken), { kind: 'business', status: 409, code: 409 }));
    await replayOutbox();
    const [refused] = await bookings();
    expect(send).toHaveBeenCalledTimes(1);
    expect(refused).toMatchObject({ status: 'conflict', error: taken });
    expect(refusalText(refused!)).toBe(`预订「3楼会议室」12月1日 10:00–11:00未完成：${taken}`);

    // the pending bar on every page offers the form again
    const bar = renderPages(
      { '/x': () => <PendingWrites />, '/meeting/addMeeting': () => <p>预订表单</p> },
      { at: '/x' },
    );
    expect(await screen.findByText(`预订「3楼会议室」12月1日 10:00–11:00未完成：${taken}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新填写' }));
    await waitFor(() => expect(bar.router.state.location.search).toEqual({ rebook: refused!.idempotencyKey }));
    bar.unmount();

    renderBooking(refused!.idempotencyKey);
    const subject = (await screen.findByPlaceholderText('请输入会议主题')) as HTMLInputElement;
    expect(subject.value).toBe('季度复盘会');
    expect((document.querySelector('textarea') as HTMLTextAreaElement).value).toBe('回顾与计划');
    expect(screen.getByText('王五')).toBeTruthy();

    // booked again (another time, online): the refusal has done its work and leaves the outbox
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    send.mockResolvedValueOnce({ id: 'm-new' });
    fireEvent.click(screen.getByRole('button', { name: '预订会议' }));
    await waitFor(async () => expect(await bookings()).toEqual([]));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].idempotencyKey).not.toBe(refused!.idempotencyKey);
  });
});
