import { useState } from 'react';
import type { MailPerson } from '@contract/mail';
import { OrgUserSelector } from '@/components/org-user-selector';

interface RecipientFieldProps {
  label: string;
  value: MailPerson[];
  onChange: (people: MailPerson[]) => void;
  /** people offered as one tap (recent contacts) */
  suggestions?: MailPerson[];
}

/** A recipient line: chips, 添加 opens the OrgUserSelector, recent contacts below. */
export function RecipientField({ label, value, onChange, suggestions = [] }: RecipientFieldProps) {
  const [open, setOpen] = useState(false);
  const chosen = new Set(value.map((p) => p.id));
  const offered = suggestions.filter((p) => !chosen.has(p.id)).slice(0, 6);
  return (
    <div className="mail-field">
      <span className="mail-field-label">{label}</span>
      <div className="mail-chips">
        {value.map((person) => (
          <button key={person.id} type="button" className="mail-chip" aria-label={`移除${person.name}`} onClick={() => onChange(value.filter((p) => p.id !== person.id))}>
            {person.name} ×
          </button>
        ))}
        <button type="button" className="mail-link" onClick={() => setOpen(true)}>
          ＋ 添加
        </button>
      </div>
      {offered.length > 0 && (
        <div className="mail-suggest">
          <small>最近联系人：</small>
          {offered.map((person) => (
            <button key={person.id} type="button" className="mail-chip mail-chip-light" onClick={() => onChange([...value, person])}>
              {person.name}
            </button>
          ))}
        </div>
      )}
      <OrgUserSelector
        visible={open}
        title={`选择${label}`}
        value={value.map((p) => ({ id: p.id, name: p.name, realName: p.name, popCode: 'user', parentId: null }))}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          onChange(users.filter((u) => u.popCode === 'user').map((u) => ({ id: u.id, name: u.realName || u.name })));
          setOpen(false);
        }}
      />
    </div>
  );
}
