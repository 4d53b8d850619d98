import type { RoomDay } from '@contract/meeting';
import { shanghaiClock } from './meeting-time';
import './day-timeline.css';

// the whole day: a booking in the evening (21:00) is as busy as one at ten in the morning
const OPEN = 0;
const CLOSE = 24 * 60;
const minutesOf = (iso: string, date: string) => {
  const ms = Date.parse(iso) - Date.parse(`${date}T00:00:00+08:00`);
  return Math.min(CLOSE, Math.max(OPEN, ms / 60_000));
};

/** A room's whole day (00:00–24:00) as a bar with its bookings marked; the free slots are listed under it. */
export function DayTimeline({ room, date }: { room: RoomDay; date: string }) {
  return (
    <div className="meeting-timeline" aria-label={`${room.name}当日占用`}>
      <div className="meeting-timeline-bar">
        {room.bookings.map((b) => {
          const from = minutesOf(b.startAt, date);
          const to = minutesOf(b.endAt, date);
          return (
            <span
              key={b.meetingId}
              className="meeting-timeline-busy"
              title={`${shanghaiClock(b.startAt)}–${shanghaiClock(b.endAt)} ${b.subject}`}
              style={{
                left: `${((from - OPEN) / (CLOSE - OPEN)) * 100}%`,
                width: `${((to - from) / (CLOSE - OPEN)) * 100}%`,
              }}
            />
          );
        })}
      </div>
      <div className="meeting-timeline-scale" aria-hidden>
        <span>00:00</span>
        <span>06:00</span>
        <span>12:00</span>
        <span>18:00</span>
        <span>24:00</span>
      </div>
    </div>
  );
}

/** A room's day as 会议室 pages show it: the bar, its free slots, and each booking with its time. */
export function RoomDayBookings({ room, date }: { room: RoomDay; date: string }) {
  return (
    <>
      <DayTimeline room={room} date={date} />
      <p className={room.available ? 'meeting-free' : 'meeting-muted'}>{freeText(room)}</p>
      {room.bookings.length ? (
        <ul className="meeting-people">
          {room.bookings.map((b) => (
            <li key={b.meetingId}>
              <span>{`${shanghaiClock(b.startAt)}–${shanghaiClock(b.endAt)}`}</span>
              <span>{b.subject}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="meeting-muted">当日暂无预订</p>
      )}
    </>
  );
}

export function freeText(room: RoomDay): string {
  if (!room.available) return '暂停使用';
  if (!room.freeSlots.length) return '当日已约满';
  return `空闲：${room.freeSlots.map((s) => `${shanghaiClock(s.startAt)}–${shanghaiClock(s.endAt) === '00:00' ? '24:00' : shanghaiClock(s.endAt)}`).join('、')}`;
}
