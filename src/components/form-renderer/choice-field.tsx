import { useState } from 'react';
import type { FormField } from '@contract/flow';
import { OptionPicker } from '@/components/option-picker';

/** A select field as a tap target opening antd-mobile's Picker in a bottom sheet (no native select). */
export function ChoiceField({
  id,
  field,
  value,
  onChange,
}: {
  id: string;
  field: FormField;
  value: string;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const options = field.options ?? [];
  const label = options.find((o) => o.value === value)?.label;
  return (
    <>
      <button id={id} type="button" className="flow-input flow-picker" onClick={() => setOpen(true)}>
        {label ?? `请选择${field.label}`}
      </button>
      <OptionPicker
        title={field.label}
        visible={open}
        columns={[options]}
        value={value ? [value] : []}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={([picked]) => {
          if (picked !== undefined && picked !== null) onChange(String(picked));
        }}
      />
    </>
  );
}
