import { useState } from 'react';
import type { SelectorNode } from '@contract/upms';
import { OrgUserSelector } from '@/components/org-user-selector';
import type { RuleObject } from 'antd-mobile/es/components/form';
import { AppForm } from '@/components/app-form';
import { DEAL_LABEL, PEOPLE_LABEL, type DealAction } from '../deal-actions';

/* The 办理 form's own inputs, controlled by `value` / `onChange` so a Form.Item fills them in. */

/** 办理方式: the actions the server offers as segments; none shown where only one is possible (a resubmit). */
export function ActionSegments({
  offered,
  hidden,
  value,
  onChange,
}: {
  offered: DealAction[];
  hidden: boolean;
  value?: DealAction;
  onChange?: (action: DealAction) => void;
}) {
  if (hidden) return null;
  return (
    <div className="flow-segments" role="radiogroup" aria-label="办理方式">
      {offered.map((a) => (
        <button
          key={a}
          type="button"
          role="radio"
          aria-checked={value === a}
          className={value === a ? 'flow-segment flow-segment-on' : 'flow-segment'}
          onClick={() => onChange?.(a)}
        >
          {DEAL_LABEL[a]}
        </button>
      ))}
    </div>
  );
}

/** People picked in the organisation selector, shown as their names on the opener. */
export function PeoplePicker({
  placeholder,
  title,
  multiple,
  value = [],
  onChange,
}: {
  placeholder: string;
  title?: string;
  multiple?: boolean;
  value?: SelectorNode[];
  onChange?: (users: SelectorNode[]) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="flow-input flow-picker" onClick={() => setOpen(true)}>
        {value.length ? value.map((p) => p.realName).join('、') : placeholder}
      </button>
      <OrgUserSelector
        visible={open}
        multiple={multiple}
        title={title}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          onChange?.(users);
          setOpen(false);
        }}
      />
    </>
  );
}

/** 转办给 / 加签人员 / 委派给: the people an action names (one person, or several for 加签). */
export function PeopleField({ action, rule }: { action: keyof typeof PEOPLE_LABEL; rule: RuleObject }) {
  return (
    <div className="flow-field">
      <span className="flow-field-label">
        {PEOPLE_LABEL[action]}
        <span className="flow-required">*</span>
      </span>
      <AppForm.Item name="people" noStyle rules={[rule]}>
        <PeoplePicker placeholder="请选择人员" multiple={action === 'add-signer'} />
      </AppForm.Item>
    </div>
  );
}

/** The user's phrases and the action's ready answers: a tap puts one in the opinion (which stays editable). */
export function OpinionPhrases({
  phrases,
  value = '',
  onChange,
}: {
  phrases: string[];
  value?: string;
  onChange?: (opinion: string) => void;
}) {
  return (
    <div className="flow-phrases" role="group" aria-label="常用意见">
      {phrases.map((phrase) => (
        <button
          key={phrase}
          type="button"
          className={value === phrase ? 'flow-segment flow-segment-on' : 'flow-segment'}
          onClick={() => onChange?.(phrase)}
        >
          {phrase}
        </button>
      ))}
    </div>
  );
}
