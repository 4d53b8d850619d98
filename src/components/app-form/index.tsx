import { Form, type FormProps } from 'antd-mobile';
import type { FormInstance, RuleObject } from 'antd-mobile/es/components/form';
import type { TextRule } from '@contract/field-rules';
import { textProblem } from '@contract/field-rules';
import { toast } from '@/ui/feedback';
import './app-form.css';

export type { FormInstance };

type Problem<V> = (value: V) => string | null;

/** A form rule from a check that answers its Chinese message or null (the contract's rules have that shape). */
export function checkRule<V = unknown>(problem: Problem<V>): RuleObject {
  return {
    validator: (_rule, value: V) => {
      const message = problem(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/**
 * Spread on an input whose own props require `value` and `onChange` (`<DateField label="日期" {...byItem} />`): the
 * Form.Item around it hands both over, so the page writes neither.
 */
export const byItem = { value: undefined as never, onChange: undefined as never };

/** The rules of a text field from its contract rule (required, length). */
export const textRules = (rule: TextRule): RuleObject[] => [checkRule((value) => textProblem(rule, value))];

/**
 * The write pages' one form: antd-mobile's Form without its list chrome (the page lays out its own fields, each a
 * `<Form.Item name noStyle>` around its input) and without inline messages: the first problem, in field order, is a
 * toast, as the pages said it before they used a form library (`onProblem` hears it too, for a page that shows it in
 * place; `problemToast="none"` where the page only ever showed it there, `"info"` where it was a plain
 * notice). `onFinish` receives the values once every
 * rule passed.
 */
export function AppForm({
  className,
  onProblem,
  problemToast = 'fail',
  problemOrder = [],
  ...props
}: FormProps & {
  onProblem?: (message: string) => void;
  problemToast?: 'fail' | 'info' | 'none';
  /** field names whose problems are told first, in this order (otherwise the fields' order on the page) */
  problemOrder?: string[];
}) {
  const rank = (name: (string | number)[]) => {
    const at = problemOrder.indexOf(String(name[0]));
    return at < 0 ? problemOrder.length : at;
  };
  return (
    <Form
      hasFeedback={false}
      // the rules speak, in Chinese, not the browser's own bubbles (type="email" would stop the submit in its words)
      {...{ noValidate: true }}
      className={className ? `app-form ${className}` : 'app-form'}
      onFinishFailed={({ errorFields }) => {
        const failed = errorFields.filter((f) => f.errors.length);
        // a stable sort: fields outside problemOrder keep the page's order
        const message = failed.sort((a, b) => rank(a.name) - rank(b.name))[0]?.errors[0];
        if (!message) return;
        if (problemToast !== 'none') toast[problemToast](message);
        onProblem?.(message);
      }}
      {...props}
    />
  );
}

AppForm.Item = Form.Item;
AppForm.useForm = Form.useForm;
AppForm.useWatch = Form.useWatch;
