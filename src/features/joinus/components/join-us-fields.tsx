import { useState } from 'react';
import { OptionPicker } from '@/components/option-picker';

/* The sign-up's own inputs, controlled by `value` / `onChange` so a Form.Item fills them in. */

export function GenderRadios({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return (
    <span className="joinus-radios">
      {(['male', 'female'] as const).map((gender) => (
        <label key={gender} className="joinus-radio">
          <input
            type="radio"
            name="gender"
            value={gender}
            checked={value === gender}
            onChange={() => onChange?.(gender)}
          />
          {gender === 'male' ? '男' : '女'}
        </label>
      ))}
    </span>
  );
}

/** 应聘岗位 / 学历: a button named by its field and its value, as a picker's opener should be read out. */
export function ChoiceButton({
  field,
  label,
  options,
  value = '',
  onChange,
}: {
  field: 'position' | 'education';
  label: string;
  options: { label: string; value: string }[];
  value?: string;
  onChange?: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        id={`joinus-${field}`}
        type="button"
        aria-labelledby={`joinus-${field}-name joinus-${field}`}
        className="joinus-input joinus-picker"
        onClick={() => setOpen(true)}
      >
        {options.find((o) => o.value === value)?.label ?? `请选择${label}`}
      </button>
      <OptionPicker
        visible={open}
        title={label}
        columns={[options]}
        value={[value]}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange?.(String(v[0] ?? ''))}
      />
    </>
  );
}
