import { useState } from 'react';
import type { SelectorNode } from '@contract/upms';
import { DateField } from '@/components/date-field';
import { OptionPicker } from '@/components/option-picker';
import { OrgUserSelector } from '@/components/org-user-selector';

/*
 * The event form's own inputs, each controlled by `value` / `onChange` so a Form.Item fills them in (both are
 * optional in the types because the Form.Item, not the page, hands them over).
 */

interface Control<T> {
  value?: T;
  onChange?: (value: T) => void;
  disabled?: boolean;
}

/** One choice among chips (重复, 结束重复, 提醒). */
export function Chips<T>({ options, value, onChange, disabled }: Control<T> & { options: { key: T; text: string }[] }) {
  return (
    <div className="schedule-chips">
      {options.map((o) => (
        <button
          key={String(o.key) || 'none'}
          type="button"
          disabled={disabled}
          className={value === o.key ? 'schedule-chip schedule-chip-on' : 'schedule-chip'}
          onClick={() => onChange?.(o.key)}
        >
          {o.text}
        </button>
      ))}
    </div>
  );
}

export function ColourChips({ colours, value, onChange, disabled }: Control<string> & { colours: string[] }) {
  return (
    <div className="schedule-chips">
      {colours.map((c) => (
        <button
          key={c}
          type="button"
          disabled={disabled}
          aria-label={`颜色${c}`}
          aria-pressed={value === c}
          className="schedule-colour"
          style={{ background: c, outline: value === c ? '2px solid #1f2329' : 'none' }}
          onClick={() => onChange?.(c)}
        />
      ))}
    </div>
  );
}

const countColumns = [Array.from({ length: 99 }, (_, i) => ({ label: `${i + 2}次`, value: i + 2 }))];

export function RepeatCount({ value = 10, onChange, disabled }: Control<number>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="schedule-input"
        aria-label="选择重复次数"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {`${value}次`}
      </button>
      <OptionPicker
        title="重复次数"
        columns={countColumns}
        visible={open}
        value={[value]}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange?.(Number(v[0] ?? value))}
      />
    </>
  );
}

export function PeopleField({ value = [], onChange, disabled }: Control<SelectorNode[]>) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="schedule-input"
        aria-label="选择参与人"
        disabled={disabled}
        onClick={() => setPicking(true)}
      >
        {value.length ? value.map((p) => p.realName || p.name).join('、') : '请选择参与人'}
      </button>
      <OrgUserSelector
        visible={picking}
        value={value}
        title="选择参与人"
        onClose={() => setPicking(false)}
        onConfirm={(users) => (onChange?.(users), setPicking(false))}
      />
    </>
  );
}

/** 开始 / 结束: a day for an all-day event (kept as its midnight), a minute otherwise. */
export function WhenField({
  label,
  allDay,
  value = '',
  onChange,
}: Control<string> & { label: string; allDay: boolean }) {
  return (
    <DateField
      className="schedule-input"
      label={label}
      withTime={!allDay}
      value={allDay ? value.slice(0, 10) : value}
      onChange={(v) => onChange?.(allDay ? `${v} 00:00` : v)}
    />
  );
}
