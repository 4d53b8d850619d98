import { useState } from 'react';
import { CalendarPicker } from 'antd-mobile';
import { dateText } from '@/components/date-field';

const parse = (text: string) => new Date(`${text}T00:00`);
const monthsFromNow = (months: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth() + months, months < 0 ? 1 : 0);
};

/**
 * A from–to date range as one tap target opening antd-mobile's CalendarPicker (a bottom sheet): two native date boxes
 * side by side overflowed a 360 px phone. The value is ['YYYY-MM-DD', 'YYYY-MM-DD'].
 */
export function DateRangeField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (range: [string, string]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [from, to] = value;
  const chosen = from && to ? ([parse(from), parse(to)] as [Date, Date]) : null;
  return (
    <>
      <button id={id} type="button" className="flow-input flow-picker" aria-label={label} onClick={() => setOpen(true)}>
        {chosen ? `${from} 至 ${to}` : `请选择${label}`}
      </button>
      <CalendarPicker
        selectionMode="range"
        title={label}
        visible={open}
        weekStartsOn="Monday"
        defaultValue={chosen}
        // sick leave is often filed afterwards; a year ahead covers any planned leave
        min={monthsFromNow(-3)}
        max={monthsFromNow(13)}
        confirmText="确定"
        onClose={() => setOpen(false)}
        onConfirm={(range) => {
          if (range) onChange([dateText(range[0]), dateText(range[1])]);
        }}
      />
    </>
  );
}
