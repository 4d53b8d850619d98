import { useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { EmptyState } from '@/components/empty-state';
import { rangeOptions } from '../api/get-schedule';
import { dayAgenda, gridRange, monthGrid, shanghaiToday, shiftMonth } from '../month-grid';
import { EventDetail } from './event-detail';
import { EventForm } from './event-form';
import { FeedSheet } from './feed-sheet';
import { OccurrenceRow } from './occurrence-row';
import { useOpenOccurrence } from './use-open-occurrence';
import './schedule.css';
import './schedule-month.css';

const weekdays = ['一', '二', '三', '四', '五', '六', '日'];

/** /schedule/index: the month with markers, the chosen day's agenda; swipe or tap the arrows to change month. */
export function ScheduleMonthPage() {
  const today = shanghaiToday();
  const [ym, setYm] = useState({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
  const [selected, setSelected] = useState(today);
  const [creating, setCreating] = useState(false);
  const { target, setTarget, open } = useOpenOccurrence();
  const { from, to } = gridRange(ym.year, ym.month);
  const { data, isPending, refetch, isError } = useQuery(rangeOptions(from, to));
  const weeks = monthGrid({ year: ym.year, month: ym.month, today, selected, occurrences: data ?? [] });
  const agenda = dayAgenda(data ?? [], selected);
  const touchX = useRef<number | null>(null);
  const go = (delta: number) => setYm((p) => shiftMonth(p.year, p.month, delta));
  const [subscribing, setSubscribing] = useState(false);

  return (
    <div className="schedule-page">
      <div className="schedule-head">
        <button type="button" className="schedule-arrow" aria-label="上个月" onClick={() => go(-1)}>
          ‹
        </button>
        <h2 className="schedule-month" aria-live="polite">{`${ym.year}年${ym.month}月`}</h2>
        <button type="button" className="schedule-arrow" aria-label="下个月" onClick={() => go(1)}>
          ›
        </button>
        <button
          type="button"
          className="schedule-link"
          onClick={() => {
            setYm({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
            setSelected(today);
          }}
        >
          今天
        </button>
        <Link to="/schedule/list" className="schedule-link">
          列表
        </Link>
      </div>
      <div
        className="schedule-grid"
        role="grid"
        aria-label="月历"
        onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const endX = e.changedTouches[0]?.clientX;
          if (start !== null && endX !== undefined && Math.abs(endX - start) > 50) go(endX < start ? 1 : -1);
          touchX.current = null;
        }}
      >
        <div className="schedule-week" role="row">
          {weekdays.map((w) => (
            <span key={w} className="schedule-weekday" role="columnheader">
              {w}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]!.date} className="schedule-week" role="row">
            {week.map((c) => (
              <button
                key={c.date}
                type="button"
                role="gridcell"
                aria-selected={c.isSelected}
                aria-label={`${c.date}${c.count ? `，${c.count}个日程` : ''}`}
                className={[
                  'schedule-day',
                  c.inMonth ? '' : 'schedule-day-out',
                  c.isToday ? 'schedule-day-today' : '',
                  c.isSelected ? 'schedule-day-on' : '',
                  c.isWeekend ? 'schedule-day-weekend' : '',
                ].join(' ')}
                onClick={() => {
                  setSelected(c.date);
                  if (!c.inMonth) setYm({ year: Number(c.date.slice(0, 4)), month: Number(c.date.slice(5, 7)) });
                }}
              >
                {c.day}
                <span className="schedule-markers">
                  {c.markers.map((m, i) => (
                    <i key={i} style={{ background: m }} />
                  ))}
                </span>
              </button>
            ))}
          </div>
        ))}
      </div>
      <div className="schedule-agenda-head">
        <h3>{`${Number(selected.slice(5, 7))}月${Number(selected.slice(8, 10))}日`}</h3>
        <button type="button" className="schedule-btn schedule-btn-primary" onClick={() => setCreating(true)}>
          新建日程
        </button>
        <button type="button" className="schedule-btn" onClick={() => setSubscribing(true)}>
          订阅
        </button>
      </div>
      <PullToRefresh onRefresh={async () => void (await refetch())}>
        {isPending ? (
          <p className="schedule-loading">加载中...</p>
        ) : isError && !data ? (
          <EmptyState kind="error" onRetry={() => void refetch()} />
        ) : agenda.length ? (
          <ul className="schedule-agenda">
            {agenda.map((o) => (
              <li key={`${o.source}-${o.eventId}-${o.occurrenceDate ?? ''}`}>
                <OccurrenceRow o={o} onOpen={(x) => void open(x)} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState kind="emptydata" tip="当天没有日程" />
        )}
      </PullToRefresh>
      {creating && (
        <EventForm target={{ event: null, occurrence: null, day: selected }} onClose={() => setCreating(false)} />
      )}
      {subscribing && <FeedSheet onClose={() => setSubscribing(false)} />}
      {target && (
        <EventDetail
          key={`${target.event?.id}-${target.occurrence?.occurrenceDate}`}
          target={target}
          onClose={() => setTarget(null)}
        />
      )}
    </div>
  );
}
