import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { meetingRules, type MeetingDetail } from '@contract/meeting';
import type { UploadedFile } from '@contract/files';
import type { ReminderChannel, SelectorNode } from '@contract/upms';
import { AppForm, byItem, checkRule, textRules } from '@/components/app-form';
import { AttachmentField } from '@/components/form-renderer/field-input';
import { ReminderSelector } from '@/components/reminder-selector';
import { useLocalDraft } from '@/components/drafts/use-local-draft';
import { useStore } from '@/lib/store';
import { newIdempotencyKey } from '@/offline/outbox';
import { useIsOffline } from '@/offline/online-status';
import { userStore } from '@/session/user-store';
import { meetingDetailOptions, roomDayOptions } from '../api/get-meetings';
import { useSaveMeeting } from '../api/write-meeting';
import { forgetRefusedBooking, useRefusedBooking } from '../api/refused-booking';
import { DateField } from '@/components/date-field';
import { bookingLabel, defaultSlot, shanghaiClock, shanghaiDate, wallTimeToIso } from './meeting-time';
import { InviteePicker, RoomChoices } from './meeting-form-fields';
import { TimeField } from './time-field';
import './meeting.css';
import './meeting-form.css';

const { Item } = AppForm;

interface Draft {
  subject: string;
  agenda: string;
  date: string;
  start: string; // HH:mm
  end: string;
  roomId: string | null;
  onlineLink: string;
  invitees: SelectorNode[];
  channels: string[];
  materials: UploadedFile[];
}

const draftOf = (m: MeetingDetail): Draft => ({
  subject: m.subject,
  agenda: m.agenda,
  date: shanghaiDate(m.startAt),
  start: shanghaiClock(m.startAt),
  end: shanghaiClock(m.endAt),
  roomId: m.roomId,
  onlineLink: m.onlineLink ?? '',
  invitees: m.participants.map((p) => ({
    id: p.userId,
    name: p.name,
    realName: p.name,
    popCode: 'user',
    parentId: null,
  })),
  channels: m.channels,
  materials: m.materials.map((f) => ({ fileName: f.id, attachName: f.fileName, size: f.size, mime: f.mimeType })),
});

/** The form's chosen day and room, for what a screen draws beside the form (the tablet's room timeline). */
export interface BookingSlot {
  date: string;
  roomId: string | null;
}

/** Places the form on a screen; `slot` follows the form's date and room as they change. */
export type BookingLayout = (form: ReactNode, slot: BookingSlot) => ReactNode;

/** /meeting/addMeeting: book (or, with an id, change) a meeting; rooms show live whether they are free for the time. */
export function AddMeetingPage({
  id,
  roomId,
  date,
  rebook,
  layout,
}: {
  id?: string;
  roomId?: string;
  date?: string;
  /** the Idempotency-Key of a booking (or, with an id, a change) refused on replay: the form opens with what was typed */
  rebook?: string;
  layout?: BookingLayout;
}) {
  const existing = useQuery({ ...meetingDetailOptions(id ?? ''), enabled: Boolean(id) });
  const refused = useRefusedBooking<Draft>(rebook);
  if (refused.loading) return <p className="meeting-loading">加载中...</p>;
  // the kept values, not the server's: the change was refused, and what was typed for it is what to send again
  if (refused.draft) return <MeetingForm id={id} initial={refused.draft} layout={layout} refusedId={refused.entryId} />;
  if (id && existing.isPending) return <p className="meeting-loading">加载中...</p>;
  const initial: Draft = existing.data
    ? draftOf(existing.data)
    : {
        subject: '',
        agenda: '',
        ...defaultSlot(Date.now(), date),
        roomId: roomId ?? null,
        onlineLink: '',
        invitees: [],
        channels: [],
        materials: [],
      };
  return <MeetingForm id={id} initial={initial} layout={layout} />;
}

interface FormProps {
  id?: string;
  initial: Draft;
  layout?: BookingLayout;
  /** the outbox entry of the refused booking this form books again */
  refusedId?: string | null;
}

function MeetingForm({ id, initial: opened, layout, refusedId }: FormProps) {
  const navigate = useNavigate();
  // what was typed and not booked is kept on the device, and the form opens with it next time
  const kept = useLocalDraft<Draft>(`meeting.${id ?? 'new'}`, (d) => JSON.stringify(d) === JSON.stringify(opened));
  const [initial] = useState(() => (refusedId ? opened : (kept.restored ?? opened)));
  const user = useStore(userStore, (s) => s.user);
  const save = useSaveMeeting(id);
  const [form] = AppForm.useForm<Draft>();
  const offline = useIsOffline();
  const idempotencyKey = useRef(newIdempotencyKey());
  const date: string = AppForm.useWatch('date', form) ?? initial.date;
  const start: string = AppForm.useWatch('start', form) ?? initial.start;
  const end: string = AppForm.useWatch('end', form) ?? initial.end;
  const roomId: string | null = AppForm.useWatch('roomId', form) ?? initial.roomId;
  const rooms = useQuery(roomDayOptions(date));
  const startAt = wallTimeToIso(date, start);
  const endAt = wallTimeToIso(date, end);
  const field = <K extends keyof Draft>(key: K) => form.getFieldValue(key) as Draft[K];

  // called once the rules passed (the contract's, which the server applies too)
  const submit = (d: Draft) => {
    const body = {
      subject: d.subject.trim(),
      agenda: d.agenda,
      roomId: d.roomId,
      onlineLink: d.onlineLink.trim() || null,
      startAt: wallTimeToIso(d.date, d.start),
      endAt: wallTimeToIso(d.date, d.end),
      hostDeptId: user?.userVo.orgId ?? '',
      inviteeIds: d.invitees.map((u) => u.id),
      channels: d.channels as ReminderChannel[],
      materialFileIds: d.materials.map((f) => f.fileName),
    };
    const roomName = rooms.data?.find((r) => r.id === d.roomId)?.name;
    const label = id ? `修改会议「${body.subject}」` : bookingLabel(roomName, body.subject, d.date, d.start, d.end);
    save.mutate(
      { body, idempotencyKey: idempotencyKey.current, label, draft: d },
      {
        onSuccess: (saved) => {
          kept.clear();
          if (refusedId) void forgetRefusedBooking(refusedId);
          // queued, a booking waits on the meeting home (and in the pending bar) until it is sent; a change shows in
          // the meeting's cached detail at once
          const shown = saved.queued ? id : saved.id;
          if (shown) void navigate({ to: '/meeting/info', search: { id: shown }, replace: true });
          else void navigate({ to: '/meeting/index', replace: true });
        },
        // refused (the room was taken, a rule): the next submit is a new write, not a replay of this answer
        onError: () => void (idempotencyKey.current = newIdempotencyKey()),
      },
    );
  };

  const page = (
    <AppForm
      form={form}
      name="meeting"
      initialValues={initial}
      className="meeting-page meeting-form"
      onValuesChange={() => kept.keep(form.getFieldsValue(true) as Draft)}
      onFinish={() => submit(form.getFieldsValue(true) as Draft)}
    >
      <label className="meeting-field">
        <span>
          会议主题<em>*</em>
        </span>
        <Item name="subject" noStyle rules={textRules(meetingRules.subject)}>
          <input className="meeting-input" maxLength={100} placeholder="请输入会议主题" />
        </Item>
      </label>
      <div className="meeting-field">
        <span>
          会议日期<em>*</em>
        </span>
        <Item name="date" noStyle>
          <DateField className="meeting-input meeting-picker" label="会议日期" {...byItem} />
        </Item>
      </div>
      <div className="meeting-field meeting-field-row">
        <span>
          时间<em>*</em>
        </span>
        <Item name="start" noStyle>
          <TimeField className="meeting-input meeting-picker" label="开始时间" {...byItem} />
        </Item>
        <span>至</span>
        <Item
          name="end"
          noStyle
          dependencies={['start']}
          rules={[checkRule((v: string) => (v <= field('start') ? meetingRules.endAfterStart : null))]}
        >
          <TimeField className="meeting-input meeting-picker" label="结束时间" {...byItem} />
        </Item>
      </div>
      <div className="meeting-field">
        <span>会议室</span>
        <Item name="roomId" noStyle>
          <RoomChoices rooms={rooms.data ?? []} startAt={startAt} endAt={endAt} meetingId={id} />
        </Item>
      </div>
      <label className="meeting-field">
        <span>线上会议链接</span>
        <Item
          name="onlineLink"
          noStyle
          dependencies={['roomId']}
          rules={[checkRule((v: string) => (!field('roomId') && !v.trim() ? meetingRules.place : null))]}
        >
          <input className="meeting-input" type="url" placeholder="https://" />
        </Item>
      </label>
      <div className="meeting-field">
        <span>主办部门</span>
        <span className="meeting-muted">{user?.orgName ?? ''}</span>
      </div>
      <div className="meeting-field">
        <span>
          参会人员<em>*</em>
        </span>
        <Item
          name="invitees"
          noStyle
          rules={[checkRule((v: SelectorNode[]) => (v.length ? null : meetingRules.invitees))]}
        >
          <InviteePicker />
        </Item>
      </div>
      <label className="meeting-field">
        <span>会议议程</span>
        <Item name="agenda" noStyle rules={textRules(meetingRules.agenda)}>
          <textarea className="meeting-input meeting-textarea" maxLength={5000} />
        </Item>
      </label>
      <div className="meeting-field">
        <span>会议材料</span>
        {/* materials are uploaded now and readable only by the meeting's organiser and invitees once it is saved */}
        {offline ? (
          <span className="meeting-muted">离线时不能上传会议材料</span>
        ) : (
          <Item name="materials" noStyle>
            <AttachmentField id="meeting-materials" {...byItem} />
          </Item>
        )}
      </div>
      <Item name="channels" noStyle>
        <ReminderSelector {...byItem} />
      </Item>
      {/* a button, not a submit: the return key in a field does not book, as before the form library */}
      <button
        type="button"
        className="meeting-btn meeting-btn-primary meeting-wide"
        disabled={save.isPending}
        onClick={() => form.submit()}
      >
        {save.isPending ? '提交中...' : id ? '保存修改' : '预订会议'}
      </button>
    </AppForm>
  );
  return layout ? layout(page, { date, roomId }) : page;
}
