import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import type { ScheduleOccurrence } from '@contract/schedule';
import { DateField } from '@/components/date-field';
import { EmptyState } from '@/components/empty-state';
import { rangeOptions } from '../api/get-schedule';
import { shanghaiToday } from '../month-grid';
import { EventDetail } from './event-detail';
import { OccurrenceRow } from './occurrence-row';
import { useOpenOccurrence } from './use-open-occurrence';
import './schedule.css';
import './schedule-list.css';

const OFFSET = 8 * 3_600_000;
const dayOf = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString().slice(0, 10);
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** /schedule/list: everything between two dates (at most a year), grouped by day, with a title search. */
export function ScheduleListPage({ from: initialFrom, to: initialTo }: { from?: string; to?: string }) {
  const today = shanghaiToday();
  const [from, setFrom] = useState(initialFrom ?? today);
  const [to, setTo] = useState(initialTo ?? plusDays(today, 30));
  const [keyword, setKeyword] = useState('');
  const { target, setTarget, open } = useOpenOccurrence();
  const valid = to >= from && Date.parse(to) - Date.parse(from) <= 366 * 86_400_000;
  const { data, isPending, isError, refetch } = useQuery({ ...rangeOptions(from, to), enabled: valid });
  const shown = (data ?? []).filter((o) => !keyword.trim() || `${o.title}${o.location}`.includes(keyword.trim()));
  const days = new Map<string, ScheduleOccurrence[]>();
  for (const o of shown) days.set(dayOf(o.startAt), [...(days.get(dayOf(o.startAt)) ?? []), o]);

  return (
    <div className="schedule-page">
      <div className="schedule-filters">
        <DateField className="schedule-input" label="开始日期" value={from} onChange={setFrom} />
        <span>至</span>
        <DateField className="schedule-input" label="结束日期" value={to} onChange={setTo} />
        <input
          className="schedule-input schedule-search"
          type="search"
          placeholder="搜索日程"
          aria-label="搜索日程"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      {!valid ? (
        <EmptyState kind="nosearch" tip={to < from ? '结束日期不能早于开始日期' : '查询范围不能超过一年'} />
      ) : (
        <PullToRefresh onRefresh={async () => void (await refetch())}>
          {isPending ? (
            <p className="schedule-loading">加载中...</p>
          ) : isError && !data ? (
            <EmptyState kind="error" onRetry={() => void refetch()} />
          ) : days.size ? (
            [...days].map(([day, items]) => (
              <section key={day} className="schedule-day-group" aria-label={day}>
                <h3>{day}</h3>
                <ul className="schedule-agenda">
                  {items.map((o) => (
                    <li key={`${o.source}-${o.eventId}-${o.occurrenceDate ?? ''}`}>
                      <OccurrenceRow o={o} onOpen={(x) => void open(x)} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          ) : (
            <EmptyState kind={keyword ? 'nosearch' : 'emptydata'} tip={keyword ? undefined : '该时间段没有日程'} />
          )}
        </PullToRefresh>
      )}
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
