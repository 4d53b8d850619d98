import { useState } from 'react';
import { DatePicker } from 'antd-mobile';

const pad = (n: number) => String(n).padStart(2, '0');
export const dateText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const minuteText = (d: Date) => `${dateText(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' read as the phone's wall time for the picker. */
const parse = (text: string) => new Date(text.length > 10 ? text.replace(' ', 'T') : `${text}T00:00`);

/**
 * A date or date-time field opening antd-mobile's DatePicker (never a native mm/dd/yyyy box). Values are wall-clock
 * text ('YYYY-MM-DD' / 'YYYY-MM-DD HH:mm') that the page reads as Shanghai time.
 */
export function DateField({
  label,
  value,
  onChange,
  withTime = false,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  withTime?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={label} onClick={() => setOpen(true)}>
        {value || `请选择${label}`}
      </button>
      <DatePicker
        title={label}
        visible={open}
        precision={withTime ? 'minute' : 'day'}
        value={value ? parse(value) : new Date()}
        min={new Date(2000, 0, 1)}
        max={new Date(2099, 11, 31)}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(d) => onChange(withTime ? minuteText(d) : dateText(d))}
      />
    </>
  );
}
