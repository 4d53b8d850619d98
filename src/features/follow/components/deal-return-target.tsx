import type { RuleObject } from 'antd-mobile/es/components/form';
import { AppForm, byItem } from '@/components/app-form';
import { ChoiceField } from '@/components/form-renderer/choice-field';

/**
 * 退回至: the nodes this task may be returned to. When there is only one (the applicant, at the first node), it is
 * named, not offered in a picker: the form starts with it chosen.
 */
export function ReturnTargetField({
  targets,
  rule,
}: {
  targets: { nodeId: string; nodeName: string }[];
  rule: RuleObject;
}) {
  return (
    <div className="flow-field">
      <label className="flow-field-label" htmlFor="deal-return-target">
        退回至<span className="flow-required">*</span>
      </label>
      {targets.length === 1 ? (
        <output className="flow-input flow-return-target" id="deal-return-target">
          {targets[0]!.nodeName}
        </output>
      ) : (
        <AppForm.Item name="targetNodeId" noStyle rules={[rule]}>
          <ChoiceField
            id="deal-return-target"
            field={{
              key: 'returnTarget',
              label: '退回节点',
              type: 'select',
              options: targets.map((t) => ({ label: t.nodeName, value: t.nodeId })),
            }}
            {...byItem}
          />
        </AppForm.Item>
      )}
    </div>
  );
}
