import type { FormField } from '@contract/flow';
import { formProblem } from '@contract/flow-form-rules';
import { checkRule } from '@/components/app-form';
import { FlowForm } from './flow-form';

type Values = Record<string, unknown>;

/**
 * A schema's form as ONE field of an AppForm (`<Form.Item name="values" rules={[schemaRule(schema)]}>`): the Form.Item
 * hands over the whole value map, and each field's change replaces it. The schema's rules are the contract's
 * `formProblem`, the one validator the server applies too.
 */
export function FlowFormField({
  value = {},
  onChange,
  ...props
}: {
  schema: FormField[];
  editable: string[];
  problemField?: string | null;
  value?: Values;
  onChange?: (values: Values) => void;
}) {
  return <FlowForm {...props} values={value} onChange={(key, v) => onChange?.({ ...value, [key]: v })} />;
}

/** The form rule of a schema's values: the contract's formProblem (`partial` for a draft). */
export const schemaRule = (schema: FormField[], options?: { partial?: boolean }) =>
  checkRule((values: Values | undefined) => formProblem(schema, values ?? {}, options));
