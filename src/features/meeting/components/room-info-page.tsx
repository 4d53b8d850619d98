import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { roomEquipment } from '@contract/meeting';
import { EmptyState } from '@/components/empty-state';
import { roomOptions } from '../api/get-meetings';
import { RoomDayBookings } from './day-timeline';
import { shanghaiToday } from './meeting-time';
import './meeting.css';

/** /meeting/roomInfo: one room, its day's bookings and free slots, and booking it. */
export function RoomInfoPage({ id, date = shanghaiToday() }: { id: string; date?: string }) {
  const { data: r, isPending, refetch } = useQuery(roomOptions(id, date));
  if (isPending) return <p className="meeting-loading">加载中...</p>;
  if (!r) return <EmptyState kind="error" onRetry={() => void refetch()} />;
  return (
    <div className="meeting-page">
      <section className="meeting-card" aria-label="会议室信息">
        <h2 className="meeting-card-title">{`${r.buildingName} · ${r.name}`}</h2>
        <dl className="meeting-facts">
          <dt>楼层</dt>
          <dd>{r.floor || '—'}</dd>
          <dt>容纳人数</dt>
          <dd>{`${r.capacity}人`}</dd>
          <dt>设备</dt>
          <dd>{r.equipment.map((e) => roomEquipment[e]).join('、') || '无'}</dd>
          <dt>预订审批</dt>
          <dd>{r.needsApproval ? '需要审批' : '无需审批'}</dd>
        </dl>
      </section>
      <section className="meeting-card" aria-label="当日预订">
        <h3 className="meeting-card-title">{`${date} 预订情况`}</h3>
        <RoomDayBookings room={r} date={date} />
      </section>
      {r.available && (
        <Link
          className="meeting-btn meeting-btn-primary meeting-wide"
          to="/meeting/addMeeting"
          search={{ roomId: r.id, date }}
        >
          预订此会议室
        </Link>
      )}
    </div>
  );
}
