import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { MeetingDetail, RoomDay } from '@contract/meeting';
import type { UploadedFile } from '@contract/files';
import type { ReminderChannel, SelectorNode } from '@contract/upms';
import { AttachmentField } from '@/components/form-renderer/field-input';
import { OrgUserSelector } from '@/components/org-user-selector';
import { ReminderSelector } from '@/components/reminder-selector';
import { useStore } from '@/lib/store';
import { newIdempotencyKey } from '@/offline/outbox';
import { useIsOffline } from '@/offline/online-status';
import { userStore } from '@/session/user-store';
import { toast } from '@/ui/feedback';
import { meetingDetailOptions, roomDayOptions } from '../api/meeting-queries';
import { useSaveMeeting } from '../api/meeting-writes';
import { DateField } from '@/components/date-field';
import { defaultSlot, shanghaiClock, shanghaiDate, wallTimeToIso } from './meeting-time';
import { TimeField } from './time-field';
import './meeting.css';
import './meeting-form.css';

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

/** Whether the room is free for [start, end) on its day, the meeting being edited aside. */
function roomState(room: RoomDay, startAt: string, endAt: string, meetingId?: string): string | null {
  if (!room.available) return '暂停使用';
  const clash = room.bookings.find(
    (b) =>
      b.meetingId !== meetingId &&
      Date.parse(b.startAt) < Date.parse(endAt) &&
      Date.parse(b.endAt) > Date.parse(startAt),
  );
  return clash ? `已被「${clash.subject}」占用 ${shanghaiClock(clash.startAt)}–${shanghaiClock(clash.endAt)}` : null;
}

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
  layout,
}: {
  id?: string;
  roomId?: string;
  date?: string;
  layout?: BookingLayout;
}) {
  const existing = useQuery({ ...meetingDetailOptions(id ?? ''), enabled: Boolean(id) });
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

function MeetingForm({ id, initial, layout }: { id?: string; initial: Draft; layout?: BookingLayout }) {
  const navigate = useNavigate();
  const user = useStore(userStore, (s) => s.user);
  const save = useSaveMeeting(id);
  const [d, setD] = useState(initial);
  const [selecting, setSelecting] = useState(false);
  const offline = useIsOffline();
  const idempotencyKey = useRef(newIdempotencyKey());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const rooms = useQuery(roomDayOptions(d.date));
  const startAt = wallTimeToIso(d.date, d.start);
  const endAt = wallTimeToIso(d.date, d.end);

  const submit = () => {
    const problem = !d.subject.trim()
      ? '请输入会议主题'
      : d.end <= d.start
        ? '结束时间必须晚于开始时间'
        : !d.roomId && !d.onlineLink.trim()
          ? '请选择会议室或填写线上会议链接'
          : !d.invitees.length
            ? '请选择参会人员'
            : null;
    if (problem) return toast.fail(problem);
    const body = {
      subject: d.subject.trim(),
      agenda: d.agenda,
      roomId: d.roomId,
      onlineLink: d.onlineLink.trim() || null,
      startAt,
      endAt,
      hostDeptId: user?.userVo.orgId ?? '',
      inviteeIds: d.invitees.map((u) => u.id),
      channels: d.channels as ReminderChannel[],
      materialFileIds: d.materials.map((f) => f.fileName),
    };
    save.mutate(
      { body, idempotencyKey: idempotencyKey.current },
      { onSuccess: (saved) => void navigate({ to: '/meeting/info', search: { id: saved.id }, replace: true }) },
    );
  };

  const form = (
    <div className="meeting-page meeting-form">
      <label className="meeting-field">
        <span>
          会议主题<em>*</em>
        </span>
        <input
          className="meeting-input"
          value={d.subject}
          maxLength={100}
          placeholder="请输入会议主题"
          onChange={(e) => set('subject', e.target.value)}
        />
      </label>
      <div className="meeting-field">
        <span>
          会议日期<em>*</em>
        </span>
        <DateField
          className="meeting-input meeting-picker"
          label="会议日期"
          value={d.date}
          onChange={(v) => set('date', v)}
        />
      </div>
      <div className="meeting-field meeting-field-row">
        <span>
          时间<em>*</em>
        </span>
        <TimeField
          className="meeting-input meeting-picker"
          label="开始时间"
          value={d.start}
          onChange={(v) => set('start', v)}
        />
        <span>至</span>
        <TimeField
          className="meeting-input meeting-picker"
          label="结束时间"
          value={d.end}
          onChange={(v) => set('end', v)}
        />
      </div>
      <div className="meeting-field">
        <span>会议室</span>
        <ul className="meeting-room-choices" aria-label="会议室">
          <li>
            <button
              type="button"
              className={d.roomId === null ? 'meeting-chip meeting-chip-on' : 'meeting-chip'}
              onClick={() => set('roomId', null)}
            >
              不使用会议室
            </button>
          </li>
          {(rooms.data ?? []).map((r) => {
            const busy = roomState(r, startAt, endAt, id);
            return (
              <li key={r.id}>
                <button
                  type="button"
                  disabled={Boolean(busy)}
                  className={d.roomId === r.id ? 'meeting-chip meeting-chip-on' : 'meeting-chip'}
                  onClick={() => set('roomId', r.id)}
                >
                  {`${r.buildingName} · ${r.name}（${r.capacity}人）`}
                  <small className={busy ? 'meeting-busy' : 'meeting-free'}>{busy ?? '空闲'}</small>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <label className="meeting-field">
        <span>线上会议链接</span>
        <input
          className="meeting-input"
          type="url"
          value={d.onlineLink}
          placeholder="https://"
          onChange={(e) => set('onlineLink', e.target.value)}
        />
      </label>
      <div className="meeting-field">
        <span>主办部门</span>
        <span className="meeting-muted">{user?.orgName ?? ''}</span>
      </div>
      <div className="meeting-field">
        <span>
          参会人员<em>*</em>
        </span>
        <button type="button" className="meeting-input meeting-picker" onClick={() => setSelecting(true)}>
          {d.invitees.length ? d.invitees.map((u) => u.realName || u.name).join('、') : '请选择参会人员'}
        </button>
        <OrgUserSelector
          visible={selecting}
          multiple
          value={d.invitees}
          title="选择参会人员"
          onClose={() => setSelecting(false)}
          onConfirm={(users) => {
            set(
              'invitees',
              users.filter((u) => u.popCode === 'user'),
            );
            setSelecting(false);
          }}
        />
      </div>
      <label className="meeting-field">
        <span>会议议程</span>
        <textarea
          className="meeting-input meeting-textarea"
          value={d.agenda}
          maxLength={5000}
          onChange={(e) => set('agenda', e.target.value)}
        />
      </label>
      <div className="meeting-field">
        <span>会议材料</span>
        {/* materials are uploaded now and readable only by the meeting's organiser and invitees once it is saved */}
        {offline ? (
          <span className="meeting-muted">离线时不能上传会议材料</span>
        ) : (
          <AttachmentField
            id="meeting-materials"
            value={d.materials}
            onChange={(files) => set('materials', files as UploadedFile[])}
          />
        )}
      </div>
      <ReminderSelector value={d.channels} onChange={(c) => set('channels', c)} />
      <button
        type="button"
        className="meeting-btn meeting-btn-primary meeting-wide"
        disabled={save.isPending}
        onClick={submit}
      >
        {save.isPending ? '提交中...' : id ? '保存修改' : '预订会议'}
      </button>
    </div>
  );
  return layout ? layout(form, { date: d.date, roomId: d.roomId }) : form;
}
