import { useState } from 'react';
import type { SelectorNode } from '@contract/upms';
import { OrgUserSelector } from '@/components/org-user-selector';

/** 抄送人 on the start form (where the definition allows it): they get the request in 待阅 once it is submitted. */
export function StartCcPicker({
  value,
  onChange,
}: {
  value: SelectorNode[];
  onChange: (people: SelectorNode[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const names = value.map((p) => p.realName).join('、');
  return (
    <div className="flow-field">
      <span className="flow-field-label">抄送人</span>
      {/* the name starts with the visible text (who is chosen), as speech input expects */}
      <button
        type="button"
        className="flow-input flow-picker"
        aria-label={names ? `${names} 选择抄送人` : '选择抄送人'}
        onClick={() => setOpen(true)}
      >
        {names || '选择抄送人（选填）'}
      </button>
      {open && (
        <OrgUserSelector
          visible
          value={value}
          title="选择抄送人"
          onClose={() => setOpen(false)}
          onConfirm={(people) => {
            onChange(people);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
