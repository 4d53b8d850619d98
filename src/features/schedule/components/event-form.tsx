import { useRef, useState } from 'react';
import { ActionSheet, Popup } from 'antd-mobile';
import {
  editScopes,
  recurrenceFreqs,
  reminderMinuteOptions,
  type EditScope,
  type RecurrenceFreq,
  type ScheduleEvent,
  type ScheduleOccurrence,
} from '@contract/schedule';
import type { SelectorNode } from '@contract/upms';
import { DateField } from '@/components/date-field';
import { OptionPicker } from '@/components/option-picker';
import { OrgUserSelector } from '@/components/org-user-selector';
import { newIdempotencyKey } from '@/offline/outbox';
import { dialog, toast } from '@/ui/feedback';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/schedule-writes';
import { wholeSeriesTimes } from '../series-times';

const OFFSET = 8 * 3_600_000;
/** ISO instant → Shanghai wall text 'YYYY-MM-DD HH:mm', and back. */
const wall = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString().slice(0, 16).replace('T', ' ');
const instant = (text: string) => new Date(`${text.replace(' ', 'T')}:00+08:00`).toISOString();
const reminderText = (m: number) =>
  m === 0 ? '开始时' : m < 60 ? `提前${m}分钟` : m < 1440 ? `提前${m / 60}小时` : '提前1天';
const colours = ['#1989fa', '#07c160', '#ff976a', '#ee0a24', '#7232dd'];

export interface EventTarget {
  event: ScheduleEvent | null; // null: a new event
  /** the occurrence tapped (its own day and times; occurrenceDate names it in its series); null for a new event */
  occurrence: ScheduleOccurrence | null;
  day: string; // the day a new event starts on
}

type RepeatEnd = 'never' | 'until' | 'count';
const repeatEnds: Record<RepeatEnd, string> = { never: '永不结束', until: '结束于日期', count: '重复次数' };
const countColumns = [Array.from({ length: 99 }, (_, i) => ({ label: `${i + 2}次`, value: i + 2 }))];
const DAY = 86_400_000;

const scopeActions = (Object.keys(editScopes) as EditScope[]).map((key) => ({ key, text: editScopes[key] }));

/** Create or edit an event in a bottom popup (end after start checked here and on the server); series ask for a scope. */
export function EventForm({ target, onClose }: { target: EventTarget; onClose: () => void }) {
  const e = target.event;
  const o = target.occurrence;
  // the form shows the tapped occurrence (not the series' first one); an all-day end is shown as its last day
  const shownStart = o?.startAt ?? e?.startAt;
  const shownEnd = o?.endAt ?? e?.endAt;
  const shownAllDay = o?.allDay ?? e?.allDay ?? false;
  const [title, setTitle] = useState(o?.title ?? e?.title ?? '');
  const [start, setStart] = useState(shownStart ? wall(shownStart) : `${target.day} 09:00`);
  const [end, setEnd] = useState(
    shownEnd
      ? wall(shownAllDay ? new Date(Date.parse(shownEnd) - DAY).toISOString() : shownEnd)
      : `${target.day} 10:00`,
  );
  const [allDay, setAllDay] = useState(shownAllDay);
  const [location, setLocation] = useState(o?.location ?? e?.location ?? '');
  const [notes, setNotes] = useState(e?.notes ?? '');
  const [color, setColor] = useState(e?.color ?? colours[0]);
  const [reminder, setReminder] = useState<number | null>(e?.reminderMinutes ?? null);
  const [freq, setFreq] = useState<RecurrenceFreq | ''>(e?.recurrence?.freq ?? '');
  const [repeatEnd, setRepeatEnd] = useState<RepeatEnd>(
    e?.recurrence?.count ? 'count' : e?.recurrence?.until ? 'until' : 'never',
  );
  const [until, setUntil] = useState(e?.recurrence?.until ?? (shownStart ? wall(shownStart) : target.day).slice(0, 10));
  const [count, setCount] = useState(e?.recurrence?.count ?? 10);
  const [countOpen, setCountOpen] = useState(false);
  const [people, setPeople] = useState<SelectorNode[]>(() =>
    (e?.participants ?? []).map((p) => ({ id: p.id, name: p.name, realName: p.name, popCode: 'user', parentId: null })),
  );
  const [picking, setPicking] = useState(false);
  // which occurrences of a series a change touches: asked in a sheet with the three scopes and 取消
  const [asking, setAsking] = useState<{ extra: string; answer: (scope: EditScope | null) => void } | null>(null);
  const askScope = (extra: string) => new Promise<EditScope | null>((resolve) => setAsking({ extra, answer: resolve }));
  const idempotencyKey = useRef(newIdempotencyKey());
  const create = useCreateEvent();
  const update = useUpdateEvent(e?.id ?? '');
  const remove = useDeleteEvent(e?.id ?? '');
  const series = Boolean(e?.recurrence && o?.occurrenceDate);
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
      participantIds: people.map((p) => p.id),
      recurrence: freq
        ? {
            ...(e?.recurrence?.freq === freq ? e.recurrence : {}),
            freq,
            interval: e?.recurrence?.interval ?? 1,
            monthEnd: e?.recurrence?.monthEnd ?? 'clamp',
            count: repeatEnd === 'count' ? count : undefined,
            until: repeatEnd === 'until' ? until : undefined,
          }
        : null,
    };
  };
  // 所有日程 from a later occurrence: the series keeps its first day and takes the change made to this one's times
  const wholeSeries = (b: ReturnType<typeof body>) =>
    e && shownStart && shownEnd ? { ...b, ...wholeSeriesTimes(e, { startAt: shownStart, endAt: shownEnd }, b) } : b;
  const save = async () => {
    const b = body();
    if (!b.title) return toast.fail('请输入日程标题');
    if (Date.parse(b.endAt) <= Date.parse(b.startAt)) return toast.fail('结束时间必须晚于开始时间');
    if (b.recurrence?.until && b.recurrence.until < start.slice(0, 10))
      return toast.fail('重复截止日期不能早于开始日期');
    if (!e) return create.mutate({ body: b, idempotencyKey: idempotencyKey.current }, { onSuccess: onClose });
    const scope = series ? await askScope('这是重复日程，要修改哪些？') : 'all';
    if (!scope) return;
    if (scope === 'all') update.mutate({ ...wholeSeries(b), scope }, { onSuccess: onClose });
    else update.mutate({ ...b, scope, occurrenceDate: o!.occurrenceDate! }, { onSuccess: onClose });
  };
  const del = async () => {
    if (!e) return;
    const scope = series ? await askScope('这是重复日程，要删除哪些？') : 'all';
    if (!scope || !(await dialog.confirm({ content: `确定删除「${title || e.title}」吗？` }))) return;
    remove.mutate(
      { scope, title: e.title, ...(scope !== 'all' ? { occurrenceDate: o!.occurrenceDate! } : {}) },
      { onSuccess: onClose },
    );
  };
  const busy = create.isPending || update.isPending || remove.isPending;

  return (
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ maxHeight: '90vh', overflowY: 'auto', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <form
        className="schedule-form"
        aria-label={e ? '编辑日程' : '新建日程'}
        onSubmit={(ev) => {
          ev.preventDefault();
          void save();
        }}
      >
        <h2 className="schedule-form-title">{readOnly ? '日程详情' : e ? '编辑日程' : '新建日程'}</h2>
        <label className="schedule-field">
          <span>
            标题<em>*</em>
          </span>
          <input
            className="schedule-input"
            value={title}
            maxLength={100}
            disabled={readOnly}
            placeholder="请输入日程标题"
            onChange={(ev) => setTitle(ev.target.value)}
          />
        </label>
        <label className="schedule-check">
          <input type="checkbox" checked={allDay} disabled={readOnly} onChange={(ev) => setAllDay(ev.target.checked)} />
          全天
        </label>
        <div className="schedule-field">
          <span>
            开始<em>*</em>
          </span>
          <DateField
            className="schedule-input"
            label="开始时间"
            withTime={!allDay}
            value={allDay ? start.slice(0, 10) : start}
            onChange={(v) => setStart(allDay ? `${v} 00:00` : v)}
          />
        </div>
        <div className="schedule-field">
          <span>
            结束<em>*</em>
          </span>
          <DateField
            className="schedule-input"
            label="结束时间"
            withTime={!allDay}
            value={allDay ? end.slice(0, 10) : end}
            onChange={(v) => setEnd(allDay ? `${v} 00:00` : v)}
          />
        </div>
        <label className="schedule-field">
          <span>地点</span>
          <input
            className="schedule-input"
            value={location}
            maxLength={100}
            disabled={readOnly}
            onChange={(ev) => setLocation(ev.target.value)}
          />
        </label>
        <div className="schedule-field">
          <span>重复</span>
          <div className="schedule-chips">
            {(['', ...Object.keys(recurrenceFreqs)] as (RecurrenceFreq | '')[]).map((f) => (
              <button
                key={f || 'none'}
                type="button"
                disabled={readOnly}
                className={freq === f ? 'schedule-chip schedule-chip-on' : 'schedule-chip'}
                onClick={() => setFreq(f)}
              >
                {f ? recurrenceFreqs[f] : '不重复'}
              </button>
            ))}
          </div>
        </div>
        {freq && (
          <div className="schedule-field">
            <span>结束重复</span>
            <div className="schedule-chips">
              {(Object.keys(repeatEnds) as RepeatEnd[]).map((k) => (
                <button
                  key={k}
                  type="button"
                  disabled={readOnly}
                  className={repeatEnd === k ? 'schedule-chip schedule-chip-on' : 'schedule-chip'}
                  onClick={() => setRepeatEnd(k)}
                >
                  {repeatEnds[k]}
                </button>
              ))}
            </div>
            {repeatEnd === 'until' && (
              <DateField className="schedule-input" label="结束日期" value={until} onChange={setUntil} />
            )}
            {repeatEnd === 'count' && (
              <>
                <button
                  type="button"
                  className="schedule-input"
                  aria-label="选择重复次数"
                  disabled={readOnly}
                  onClick={() => setCountOpen(true)}
                >
                  {`${count}次`}
                </button>
                <OptionPicker
                  title="重复次数"
                  columns={countColumns}
                  visible={countOpen}
                  value={[count]}
                  confirmText="确定"
                  cancelText="取消"
                  onClose={() => setCountOpen(false)}
                  onConfirm={(v) => setCount(Number(v[0] ?? count))}
                />
              </>
            )}
          </div>
        )}
        <div className="schedule-field">
          <span>参与人</span>
          <button
            type="button"
            className="schedule-input"
            aria-label="选择参与人"
            disabled={readOnly}
            onClick={() => setPicking(true)}
          >
            {people.length ? people.map((p) => p.realName || p.name).join('、') : '请选择参与人'}
          </button>
          <OrgUserSelector
            visible={picking}
            value={people}
            title="选择参与人"
            onClose={() => setPicking(false)}
            onConfirm={(users) => (setPeople(users), setPicking(false))}
          />
        </div>
        <div className="schedule-field">
          <span>提醒</span>
          <div className="schedule-chips">
            {[null, ...reminderMinuteOptions].map((m) => (
              <button
                key={String(m)}
                type="button"
                disabled={readOnly}
                className={reminder === m ? 'schedule-chip schedule-chip-on' : 'schedule-chip'}
                onClick={() => setReminder(m)}
              >
                {m === null ? '不提醒' : reminderText(m)}
              </button>
            ))}
          </div>
        </div>
        <div className="schedule-field">
          <span>颜色</span>
          <div className="schedule-chips">
            {colours.map((c) => (
              <button
                key={c}
                type="button"
                disabled={readOnly}
                aria-label={`颜色${c}`}
                aria-pressed={color === c}
                className="schedule-colour"
                style={{ background: c, outline: color === c ? '2px solid #1f2329' : 'none' }}
                onClick={() => setColor(c)}
              />
            ))}
          </div>
        </div>
        <label className="schedule-field">
          <span>备注</span>
          <textarea
            className="schedule-input schedule-textarea"
            value={notes}
            maxLength={2000}
            disabled={readOnly}
            onChange={(ev) => setNotes(ev.target.value)}
          />
        </label>
        {!readOnly && (
          <div className="schedule-form-actions">
            {e && (
              <button
                type="button"
                className="schedule-btn schedule-btn-danger"
                disabled={busy}
                onClick={() => void del()}
              >
                删除
              </button>
            )}
            <button type="submit" className="schedule-btn schedule-btn-primary" disabled={busy}>
              保存
            </button>
          </div>
        )}
      </form>
      <ActionSheet
        visible={asking !== null}
        extra={asking?.extra}
        actions={scopeActions}
        cancelText="取消"
        onAction={(action) => {
          asking?.answer(action.key as EditScope);
          setAsking(null);
        }}
        onClose={() => {
          asking?.answer(null);
          setAsking(null);
        }}
      />
    </Popup>
  );
}
