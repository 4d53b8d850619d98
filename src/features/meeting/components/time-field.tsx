import { useState } from 'react';
import { OptionPicker } from '@/components/option-picker';

const pad = (n: number) => String(n).padStart(2, '0');
const hours = Array.from({ length: 24 }, (_, h) => ({ label: pad(h), value: pad(h) }));
const minutes = Array.from({ length: 60 }, (_, m) => ({ label: pad(m), value: pad(m) }));

/**
 * A time of day ('HH:mm') picked on antd-mobile's wheels: the meeting's day has its own field, so the start and end
 * fields show the time only and stay on one line beside each other on a 360 px phone.
 */
export function TimeField({
  label,
  value,
  onChange,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={label} onClick={() => setOpen(true)}>
        {value || '请选择'}
      </button>
      <OptionPicker
        title={label}
        visible={open}
        columns={[hours, minutes]}
        value={value ? value.split(':') : ['10', '00']}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          if (picked[0] && picked[1]) onChange(`${picked[0]}:${picked[1]}`);
        }}
      />
    </>
  );
}
