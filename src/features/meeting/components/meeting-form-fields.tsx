import { useState } from 'react';
import type { RoomDay } from '@contract/meeting';
import type { SelectorNode } from '@contract/upms';
import { OrgUserSelector } from '@/components/org-user-selector';
import { shanghaiClock } from './meeting-time';

/* The booking form's own inputs, controlled by `value` / `onChange` so a Form.Item fills them in. */

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

/** 会议室: no room, or one of the day's rooms, each saying live whether it is free for the chosen time. */
export function RoomChoices({
  rooms,
  startAt,
  endAt,
  meetingId,
  value = null,
  onChange,
}: {
  rooms: RoomDay[];
  startAt: string;
  endAt: string;
  meetingId?: string;
  value?: string | null;
  onChange?: (roomId: string | null) => void;
}) {
  return (
    <ul className="meeting-room-choices" aria-label="会议室">
      <li>
        <button
          type="button"
          className={value === null ? 'meeting-chip meeting-chip-on' : 'meeting-chip'}
          onClick={() => onChange?.(null)}
        >
          不使用会议室
        </button>
      </li>
      {rooms.map((r) => {
        const busy = roomState(r, startAt, endAt, meetingId);
        return (
          <li key={r.id}>
            <button
              type="button"
              disabled={Boolean(busy)}
              className={value === r.id ? 'meeting-chip meeting-chip-on' : 'meeting-chip'}
              onClick={() => onChange?.(r.id)}
            >
              {`${r.buildingName} · ${r.name}（${r.capacity}人）`}
              <small className={busy ? 'meeting-busy' : 'meeting-free'}>{busy ?? '空闲'}</small>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** 参会人员: people only (a department picked in the selector is dropped). */
export function InviteePicker({
  value = [],
  onChange,
}: {
  value?: SelectorNode[];
  onChange?: (users: SelectorNode[]) => void;
}) {
  const [selecting, setSelecting] = useState(false);
  return (
    <>
      <button type="button" className="meeting-input meeting-picker" onClick={() => setSelecting(true)}>
        {value.length ? value.map((u) => u.realName || u.name).join('、') : '请选择参会人员'}
      </button>
      <OrgUserSelector
        visible={selecting}
        multiple
        value={value}
        title="选择参会人员"
        onClose={() => setSelecting(false)}
        onConfirm={(users) => {
          onChange?.(users.filter((u) => u.popCode === 'user'));
          setSelecting(false);
        }}
      />
    </>
  );
}
