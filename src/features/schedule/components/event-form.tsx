import { useRef, useState } from 'react';
import { Popup } from 'antd-mobile';
import { editScopes, recurrenceFreqs, reminderMinuteOptions, type EditScope, type RecurrenceFreq, type ScheduleEvent } from '@contract/schedule';
import { DateField } from '@/components/date-field';
import { newIdempotencyKey } from '@/offline/outbox';
import { dialog, toast } from '@/ui/feedback';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/schedule-writes';

const OFFSET = 8 * 3_600_000;
/** ISO instant → Shanghai wall text 'YYYY-MM-DD HH:mm', and back. */
const wall = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString().slice(0, 16).replace('T', ' ');
const instant = (text: string) => new Date(`${text.replace(' ', 'T')}:00+08:00`).toISOString();
const reminderText = (m: number) => (m === 0 ? '开始时' : m < 60 ? `提前${m}分钟` : m < 1440 ? `提前${m / 60}小时` : '提前1天');
const colours = ['#1989fa', '#07c160', '#ff976a', '#ee0a24', '#7232dd'];

export interface EventTarget {
  event: ScheduleEvent | null; // null: a new event
  occurrenceDate: string | null; // which occurrence of a series was tapped
  day: string; // the day a new event starts on
}

/** Create or edit an event in a bottom popup (end after start checked here and on the server); series ask for a scope. */
export function EventForm({ target, onClose }: { target: EventTarget; onClose: () => void }) {
  const e = target.event;
  const [title, setTitle] = useState(e?.title ?? '');
  const [start, setStart] = useState(e ? wall(e.startAt) : `${target.day} 09:00`);
  const [end, setEnd] = useState(e ? wall(e.endAt) : `${target.day} 10:00`);
  const [allDay, setAllDay] = useState(e?.allDay ?? false);
  const [location, setLocation] = useState(e?.location ?? '');
  const [notes, setNotes] = useState(e?.notes ?? '');
  const [color, setColor] = useState(e?.color ?? colours[0]);
  const [reminder, setReminder] = useState<number | null>(e?.reminderMinutes ?? null);
  const [freq, setFreq] = useState<RecurrenceFreq | ''>(e?.recurrence?.freq ?? '');
  const idempotencyKey = useRef(newIdempotencyKey());
  const create = useCreateEvent();
  const update = useUpdateEvent(e?.id ?? '');
  const remove = useDeleteEvent(e?.id ?? '');
  const series = Boolean(e?.recurrence && target.occurrenceDate);
  const readOnly = e !== null && !e.mine;

  const body = () => {
    const startText = allDay ? `${start.slice(0, 10)} 00:00` : start;
    const endText = allDay ? `${end.slice(0, 10)} 00:00` : end;
    const endAt = allDay ? new Date(Date.parse(instant(endText)) + 86_400_000).toISOString() : instant(endText);
    return {
      title: title.trim(),
      startAt: instant(startText),
      endAt,
      allDay,
      location,
      notes,
      color,
      reminderMinutes: reminder,
      participantIds: e?.participantIds ?? [],
      recurrence: freq ? { ...(e?.recurrence?.freq === freq ? e.recurrence : {}), freq, interval: e?.recurrence?.interval ?? 1, monthEnd: e?.recurrence?.monthEnd ?? 'clamp' } : null,
    };
  };
  const chooseScope = async (): Promise<EditScope | null> => {
    if (!series) return 'all';
    if (await dialog.confirm({ title: '重复日程', content: '只修改这一次吗？选择“取消”将修改此日程及之后的所有日程。', confirmText: editScopes.this, cancelText: editScopes.following })) return 'this';
    return 'following';
  };
  const save = async () => {
    const b = body();
    if (!b.title) return toast.fail('请输入日程标题');
    if (Date.parse(b.endAt) <= Date.parse(b.startAt)) return toast.fail('结束时间必须晚于开始时间');
    if (!e) return create.mutate({ body: b, idempotencyKey: idempotencyKey.current }, { onSuccess: onClose });
    const scope = await chooseScope();
    if (scope) update.mutate({ ...b, scope, ...(scope !== 'all' ? { occurrenceDate: target.occurrenceDate! } : {}) }, { onSuccess: onClose });
  };
  const del = async () => {
    if (!e) return;
    const scope = await chooseScope();
    if (!scope || !(await dialog.confirm({ content: `确定删除「${e.title}」吗？` }))) return;
    remove.mutate({ scope, title: e.title, ...(scope !== 'all' ? { occurrenceDate: target.occurrenceDate! } : {}) }, { onSuccess: onClose });
  };
  const busy = create.isPending || update.isPending || remove.isPending;

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ maxHeight: '90vh', overflowY: 'auto', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <form className="schedule-form" aria-label={e ? '编辑日程' : '新建日程'} onSubmit={(ev) => { ev.preventDefault(); void save(); }}>
        <h2 className="schedule-form-title">{readOnly ? '日程详情' : e ? '编辑日程' : '新建日程'}</h2>
        <label className="schedule-field">
          <span>标题<em>*</em></span>
          <input className="schedule-input" value={title} maxLength={100} disabled={readOnly} placeholder="请输入日程标题" onChange={(ev) => setTitle(ev.target.value)} />
        </label>
        <label className="schedule-check">
          <input type="checkbox" checked={allDay} disabled={readOnly} onChange={(ev) => setAllDay(ev.target.checked)} />
          全天
        </label>
        <div className="schedule-field">
          <span>开始<em>*</em></span>
          <DateField className="schedule-input" label="开始时间" withTime={!allDay} value={allDay ? start.slice(0, 10) : start} onChange={(v) => setStart(allDay ? `${v} 00:00` : v)} />
        </div>
        <div className="schedule-field">
          <span>结束<em>*</em></span>
          <DateField className="schedule-input" label="结束时间" withTime={!allDay} value={allDay ? end.slice(0, 10) : end} onChange={(v) => setEnd(allDay ? `${v} 00:00` : v)} />
        </div>
        <label className="schedule-field">
          <span>地点</span>
          <input className="schedule-input" value={location} maxLength={100} disabled={readOnly} onChange={(ev) => setLocation(ev.target.value)} />
        </label>
        <div className="schedule-field">
          <span>重复</span>
          <div className="schedule-chips">
            {(['', ...Object.keys(recurrenceFreqs)] as (RecurrenceFreq | '')[]).map((f) => (
              <button key={f || 'none'} type="button" disabled={readOnly} className={freq === f ? 'schedule-chip schedule-chip-on' : 'schedule-chip'} onClick={() => setFreq(f)}>
                {f ? recurrenceFreqs[f] : '不重复'}
              </button>
            ))}
          </div>
        </div>
        <div className="schedule-field">
          <span>提醒</span>
          <div className="schedule-chips">
            {[null, ...reminderMinuteOptions].map((m) => (
              <button key={String(m)} type="button" disabled={readOnly} className={reminder === m ? 'schedule-chip schedule-chip-on' : 'schedule-chip'} onClick={() => setReminder(m)}>
                {m === null ? '不提醒' : reminderText(m)}
              </button>
            ))}
          </div>
        </div>
        <div className="schedule-field">
          <span>颜色</span>
          <div className="schedule-chips">
            {colours.map((c) => (
              <button key={c} type="button" disabled={readOnly} aria-label={`颜色${c}`} aria-pressed={color === c} className="schedule-colour" style={{ background: c, outline: color === c ? '2px solid #1f2329' : 'none' }} onClick={() => setColor(c)} />
            ))}
          </div>
        </div>
        <label className="schedule-field">
          <span>备注</span>
          <textarea className="schedule-input schedule-textarea" value={notes} maxLength={2000} disabled={readOnly} onChange={(ev) => setNotes(ev.target.value)} />
        </label>
        {!readOnly && (
          <div className="schedule-form-actions">
            {e && (
              <button type="button" className="schedule-btn schedule-btn-danger" disabled={busy} onClick={() => void del()}>
                删除
              </button>
            )}
            <button type="submit" className="schedule-btn schedule-btn-primary" disabled={busy}>
              保存
            </button>
          </div>
        )}
      </form>
    </Popup>
  );
}
