import { useState } from 'react';
import { Popup } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import type { ParticipantResponse, RecurrenceRule } from '@contract/schedule';
import { download } from '@/api/transfer';
import { eventOptions } from '../api/get-schedule';
import { useRespondEvent } from '../api/write-event';
import { EventForm, type EventTarget } from './event-form';
import './event-detail.css';

const OFFSET = 8 * 3_600_000;
const DAY = 86_400_000;
const wall = (ms: number) => new Date(ms + OFFSET).toISOString().slice(0, 16).replace('T', ' ');
const answerLabels: Record<ParticipantResponse, string> = { pending: '待确认', accepted: '已接受', declined: '已拒绝' };
const freqLabels = { daily: '每天', weekly: '每周', monthly: '每月' } as const;

function whenText(startAt: string, endAt: string, allDay: boolean): string {
  const start = Date.parse(startAt);
  const end = Date.parse(endAt);
  if (allDay) {
    const first = wall(start).slice(0, 10);
    const last = wall(end - DAY).slice(0, 10);
    return first === last ? `${first} 全天` : `${first} 至 ${last} 全天`;
  }
  const [a, b] = [wall(start), wall(end)];
  return a.slice(0, 10) === b.slice(0, 10) ? `${a}–${b.slice(11)}` : `${a} 至 ${b}`;
}

function repeatText(rule: RecurrenceRule | null): string {
  if (!rule) return '不重复';
  const every =
    rule.interval > 1
      ? `每${rule.interval}${{ daily: '天', weekly: '周', monthly: '个月' }[rule.freq]}`
      : freqLabels[rule.freq];
  return rule.count ? `${every}，共${rule.count}次` : rule.until ? `${every}，至${rule.until}` : every;
}

/** 添加到手机日历: the event (a series with its rule) as an .ics file the phone opens in its calendar. */
const exportEvent = (id: string, title: string) =>
  download(
    `/api/schedule/events/${encodeURIComponent(id)}/export.ics`,
    undefined,
    `${title.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60) || '日程'}.ics`,
  );

/**
 * Tapping an event: its read-only detail (the occurrence's own time, the repeat, the people and their answers).
 * A participant answers 接受 / 拒绝 here; only the owner sees 编辑, which opens the form on this occurrence.
 */
export function EventDetail({ target, onClose }: { target: EventTarget; onClose: () => void }) {
  const [editing, setEditing] = useState(false);
  const { data } = useQuery({ ...eventOptions(target.event!.id), initialData: target.event!, staleTime: 30_000 });
  const respond = useRespondEvent(data.id);
  if (editing) return <EventForm target={{ ...target, event: data }} onClose={onClose} />;
  const o = target.occurrence;
  const row = (label: string, value: React.ReactNode) => (
    <div className="schedule-detail-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ maxHeight: '90vh', overflowY: 'auto', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <section className="schedule-form" aria-label="日程详情">
        <h2 className="schedule-form-title">日程详情</h2>
        <h3 className="schedule-detail-title">{o?.title ?? data.title}</h3>
        <dl className="schedule-detail">
          {row('时间', whenText(o?.startAt ?? data.startAt, o?.endAt ?? data.endAt, o?.allDay ?? data.allDay))}
          {row('重复', repeatText(data.recurrence))}
          {(o?.location ?? data.location) && row('地点', o?.location ?? data.location)}
          {row('创建人', data.ownerName)}
          {row(
            '参与人',
            data.participants.length ? (
              <ul className="schedule-people">
                {data.participants.map((p) => (
                  <li key={p.id}>
                    {p.name}
                    <small className={`schedule-answer schedule-answer-${p.response}`}>
                      {answerLabels[p.response]}
                    </small>
                  </li>
                ))}
              </ul>
            ) : (
              '无'
            ),
          )}
          {data.notes && row('备注', <span className="schedule-notes">{data.notes}</span>)}
          {data.myResponse && row('我的回复', answerLabels[data.myResponse])}
        </dl>
        <button
          type="button"
          className="schedule-btn schedule-export"
          onClick={() => void exportEvent(data.id, data.title).catch(() => undefined /* the request layer said why */)}
        >
          添加到手机日历
        </button>
        <div className="schedule-form-actions">
          <button type="button" className="schedule-btn" onClick={onClose}>
            关闭
          </button>
          {data.myResponse && (
            <>
              <button
                type="button"
                className="schedule-btn schedule-btn-danger"
                disabled={respond.isPending || data.myResponse === 'declined'}
                onClick={() => respond.mutate({ response: 'declined', title: data.title })}
              >
                拒绝
              </button>
              <button
                type="button"
                className="schedule-btn schedule-btn-primary"
                disabled={respond.isPending || data.myResponse === 'accepted'}
                onClick={() => respond.mutate({ response: 'accepted', title: data.title })}
              >
                接受
              </button>
            </>
          )}
          {data.mine && (
            <button type="button" className="schedule-btn schedule-btn-primary" onClick={() => setEditing(true)}>
              编辑
            </button>
          )}
        </div>
      </section>
    </Popup>
  );
}
