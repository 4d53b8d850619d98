import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { roomEquipment, type RoomEquipment } from '@contract/meeting';
import { EmptyState } from '@/components/empty-state';
import { roomDayOptions } from '../api/get-meetings';
import { DateField } from '@/components/date-field';
import { DayTimeline, freeText } from './day-timeline';
import { shanghaiToday } from './meeting-time';
import './meeting.css';
import './rooms.css';

const capacities = [0, 10, 20, 50];

/** /meeting/room: every room's day with its bookings and free slots, filtered by size and equipment. */
export function RoomPage({ date = shanghaiToday() }: { date?: string }) {
  const navigate = useNavigate();
  const { data, isPending, refetch } = useQuery(roomDayOptions(date));
  const [minCapacity, setMinCapacity] = useState(0);
  const [needs, setNeeds] = useState<RoomEquipment[]>([]);
  const [keyword, setKeyword] = useState('');
  const rooms = (data ?? []).filter(
    (r) =>
      r.capacity >= minCapacity &&
      needs.every((e) => r.equipment.includes(e)) &&
      (!keyword || `${r.buildingName}${r.name}`.includes(keyword.trim())),
  );
  const toggle = (e: RoomEquipment) =>
    setNeeds((prev) => (prev.includes(e) ? prev.filter((x) => x !== e) : [...prev, e]));
  return (
    <div className="meeting-page">
      <div className="meeting-filters">
        <DateField
          className="meeting-input meeting-picker"
          label="日期"
          value={date}
          onChange={(next) => void navigate({ to: '/meeting/room', search: { date: next }, replace: true })}
        />
        <input
          className="meeting-input"
          type="search"
          placeholder="搜索会议室"
          aria-label="搜索会议室"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <div className="meeting-chips room-filter-chips" role="group" aria-label="容纳人数">
          {capacities.map((c) => (
            <button
              key={c}
              type="button"
              className={minCapacity === c ? 'meeting-chip meeting-chip-on' : 'meeting-chip'}
              onClick={() => setMinCapacity(c)}
            >
              {c ? `${c}人以上` : '不限人数'}
            </button>
          ))}
        </div>
        <div className="meeting-chips room-filter-chips" role="group" aria-label="设备">
          {(Object.keys(roomEquipment) as RoomEquipment[]).map((e) => (
            <button
              key={e}
              type="button"
              className={needs.includes(e) ? 'meeting-chip meeting-chip-on' : 'meeting-chip'}
              onClick={() => toggle(e)}
            >
              {roomEquipment[e]}
            </button>
          ))}
        </div>
      </div>
      <PullToRefresh onRefresh={async () => void (await refetch())}>
        {isPending ? (
          <p className="meeting-loading">加载中...</p>
        ) : !data ? (
          <EmptyState kind="error" onRetry={() => void refetch()} />
        ) : !rooms.length ? (
          <EmptyState kind="nosearch" tip="没有符合条件的会议室" />
        ) : (
          <ul className="meeting-rooms">
            {rooms.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="meeting-room"
                  onClick={() => void navigate({ to: '/meeting/roomInfo', search: { id: r.id, date } })}
                >
                  <span className="meeting-row-title">{`${r.buildingName} · ${r.name}`}</span>
                  <span className="meeting-muted">{`${r.floor} · ${r.capacity}人 · ${r.equipment.map((e) => roomEquipment[e]).join('、') || '无设备'}${r.needsApproval ? ' · 需审批' : ''}`}</span>
                  <DayTimeline room={r} date={date} />
                  <span className={r.available ? 'meeting-free' : 'meeting-muted'}>{freeText(r)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PullToRefresh>
    </div>
  );
}
