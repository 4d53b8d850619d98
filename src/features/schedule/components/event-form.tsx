import { useRef, useState } from 'react';
import { ActionSheet, Popup } from 'antd-mobile';
import {
  END_AFTER_START,
  editScopes,
  endsAfterStart,
  eventTextRules,
  recurrenceFreqs,
  reminderMinuteOptions,
  type EditScope,
  type RecurrenceFreq,
  type ScheduleEvent,
  type ScheduleOccurrence,
} from '@contract/schedule';
import { AppForm, byItem, checkRule, textRules } from '@/components/app-form';
import { DateField } from '@/components/date-field';
import { useLocalDraft } from '@/components/drafts/use-local-draft';
import { newIdempotencyKey } from '@/offline/outbox';
import { dialog } from '@/ui/feedback';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/write-event';
import { colours, eventBodyOf, initialEventValues, type EventValues, type RepeatEnd } from '../event-values';
import { wholeSeriesTimes } from '../series-times';
import { Chips, ColourChips, PeopleField, RepeatCount, WhenField } from './event-form-fields';

const { Item } = AppForm;
const reminderText = (m: number) =>
  m === 0 ? '开始时' : m < 60 ? `提前${m}分钟` : m < 1440 ? `提前${m / 60}小时` : '提前1天';
const freqOptions = (['', ...Object.keys(recurrenceFreqs)] as (RecurrenceFreq | '')[]).map((key) => ({
  key,
  text: key ? recurrenceFreqs[key] : '不重复',
}));
const repeatEnds: Record<RepeatEnd, string> = { never: '永不结束', until: '结束于日期', count: '重复次数' };
const repeatEndOptions = (Object.keys(repeatEnds) as RepeatEnd[]).map((key) => ({ key, text: repeatEnds[key] }));
const reminderOptions = [null, ...reminderMinuteOptions].map((key) => ({
  key,
  text: key === null ? '不提醒' : reminderText(key),
}));
const scopeActions = (Object.keys(editScopes) as EditScope[]).map((key) => ({ key, text: editScopes[key] }));

export interface EventTarget {
  event: ScheduleEvent | null; // null: a new event
  /** the occurrence tapped (its own day and times; occurrenceDate names it in its series); null for a new event */
  occurrence: ScheduleOccurrence | null;
  day: string; // the day a new event starts on
}

/** Create or edit an event in a bottom popup (end after start checked here and on the server); series ask for a scope. */
export function EventForm({ target, onClose }: { target: EventTarget; onClose: () => void }) {
  const e = target.event;
  const o = target.occurrence;
  const [form] = AppForm.useForm<EventValues>();
  const [opened] = useState(() => initialEventValues(e, o, target.day));
  // what was typed and not saved is kept on the device (also when the popup is closed) and the form opens with it
  const kept = useLocalDraft<EventValues>(
    `schedule.${e?.id ?? 'new'}.${o?.occurrenceDate ?? ''}`,
    (v) => JSON.stringify(v) === JSON.stringify(opened),
  );
  const [initial] = useState(() => kept.restored ?? opened);
  const saved = () => (kept.clear(), onClose());
  const allDay: boolean = AppForm.useWatch('allDay', form) ?? initial.allDay;
  const freq: RecurrenceFreq | '' = AppForm.useWatch('freq', form) ?? initial.freq;
  const repeatEnd: RepeatEnd = AppForm.useWatch('repeatEnd', form) ?? initial.repeatEnd;
  // which occurrences of a series a change touches: asked in a sheet with the three scopes and 取消
  const [asking, setAsking] = useState<{ extra: string; answer: (scope: EditScope | null) => void } | null>(null);
  const askScope = (extra: string) => new Promise<EditScope | null>((resolve) => setAsking({ extra, answer: resolve }));
  const idempotencyKey = useRef(newIdempotencyKey());
  const create = useCreateEvent();
  const update = useUpdateEvent(e?.id ?? '');
  const remove = useDeleteEvent(e?.id ?? '');
  const series = Boolean(e?.recurrence && o?.occurrenceDate);
  const readOnly = e !== null && !e.mine;
  const shownStart = o?.startAt ?? e?.startAt;
  const shownEnd = o?.endAt ?? e?.endAt;
  // every value, also of the fields a choice hides (the form keeps them, as the page did)
  const values = () => form.getFieldsValue(true) as EventValues;

  const save = async () => {
    const b = eventBodyOf(values(), e);
    if (!e) return create.mutate({ body: b, idempotencyKey: idempotencyKey.current }, { onSuccess: saved });
    const scope = series ? await askScope('这是重复日程，要修改哪些？') : 'all';
    if (!scope) return;
    // 所有日程 from a later occurrence: the series keeps its first day and takes the change made to this one's times
    if (scope === 'all')
      update.mutate(
        shownStart && shownEnd
          ? { ...b, ...wholeSeriesTimes(e, { startAt: shownStart, endAt: shownEnd }, b), scope }
          : { ...b, scope },
        { onSuccess: saved },
      );
    else update.mutate({ ...b, scope, occurrenceDate: o!.occurrenceDate! }, { onSuccess: saved });
  };
  const del = async () => {
    if (!e) return;
    const scope = series ? await askScope('这是重复日程，要删除哪些？') : 'all';
    const title = values().title;
    if (!scope || !(await dialog.confirm({ content: `确定删除「${title || e.title}」吗？` }))) return;
    remove.mutate(
      { scope, title: e.title, ...(scope !== 'all' ? { occurrenceDate: o!.occurrenceDate! } : {}) },
      { onSuccess: saved },
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
      <AppForm
        form={form}
        name="event"
        initialValues={initial}
        className="schedule-form"
        aria-label={e ? '编辑日程' : '新建日程'}
        onValuesChange={() => !readOnly && kept.keep(values())}
        onFinish={() => void save()}
      >
        <h2 className="schedule-form-title">{readOnly ? '日程详情' : e ? '编辑日程' : '新建日程'}</h2>
        <label className="schedule-field">
          <span>
            标题<em>*</em>
          </span>
          <Item name="title" noStyle rules={textRules(eventTextRules.title)}>
            <input className="schedule-input" maxLength={100} disabled={readOnly} placeholder="请输入日程标题" />
          </Item>
        </label>
        <label className="schedule-check">
          <Item name="allDay" noStyle valuePropName="checked">
            <input type="checkbox" disabled={readOnly} />
          </Item>
          全天
        </label>
        <div className="schedule-field">
          <span>
            开始<em>*</em>
          </span>
          <Item name="start" noStyle>
            <WhenField label="开始时间" allDay={allDay} />
          </Item>
        </div>
        <div className="schedule-field">
          <span>
            结束<em>*</em>
          </span>
          <Item
            name="end"
            noStyle
            dependencies={['start', 'allDay']}
            rules={[checkRule(() => (endsAfterStart(eventBodyOf(values(), e)) ? null : END_AFTER_START))]}
          >
            <WhenField label="结束时间" allDay={allDay} />
          </Item>
        </div>
        <label className="schedule-field">
          <span>地点</span>
          <Item name="location" noStyle rules={textRules(eventTextRules.location)}>
            <input className="schedule-input" maxLength={100} disabled={readOnly} />
          </Item>
        </label>
        <div className="schedule-field">
          <span>重复</span>
          <Item name="freq" noStyle>
            <Chips options={freqOptions} disabled={readOnly} />
          </Item>
        </div>
        {freq && (
          <div className="schedule-field">
            <span>结束重复</span>
            <Item name="repeatEnd" noStyle>
              <Chips options={repeatEndOptions} disabled={readOnly} />
            </Item>
            {repeatEnd === 'until' && (
              <Item
                name="until"
                noStyle
                dependencies={['start']}
                rules={[
                  checkRule((until: string) =>
                    until < values().start.slice(0, 10) ? '重复截止日期不能早于开始日期' : null,
                  ),
                ]}
              >
                <DateField className="schedule-input" label="结束日期" {...byItem} />
              </Item>
            )}
            {repeatEnd === 'count' && (
              <Item name="count" noStyle>
                <RepeatCount disabled={readOnly} />
              </Item>
            )}
          </div>
        )}
        <div className="schedule-field">
          <span>参与人</span>
          <Item name="people" noStyle>
            <PeopleField disabled={readOnly} />
          </Item>
        </div>
        <div className="schedule-field">
          <span>提醒</span>
          <Item name="reminder" noStyle>
            <Chips options={reminderOptions} disabled={readOnly} />
          </Item>
        </div>
        <div className="schedule-field">
          <span>颜色</span>
          <Item name="color" noStyle>
            <ColourChips colours={colours} disabled={readOnly} />
          </Item>
        </div>
        <label className="schedule-field">
          <span>备注</span>
          <Item name="notes" noStyle rules={textRules(eventTextRules.notes)}>
            <textarea className="schedule-input schedule-textarea" maxLength={2000} disabled={readOnly} />
          </Item>
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
      </AppForm>
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
