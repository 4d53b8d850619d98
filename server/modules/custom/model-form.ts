import type { CustomField } from '@contract/custom';
import type { FormField } from '@contract/flow';
import { formProblem } from '@contract/flow-form-rules';

/** Dictionary items by type code, as the form's select options. */
export type DictOptions = Map<string, { label: string; value: string }[]>;

/** A model's fields as the workflow form schema the client renders: a dictionary field becomes a select with its items. */
export function toFormFields(fields: CustomField[], dicts: DictOptions): FormField[] {
  return fields.map((field) => {
    const { pattern: _pattern, patternMessage: _message, ...rest } = field;
    if (field.type === 'dictionary') return { ...rest, type: 'select', options: dicts.get(field.dict ?? '') ?? [] };
    return { ...rest, type: field.type };
  });
}

/** What a stored value reads as in a list column or the search text. */
export function valueText(field: FormField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.type === 'select') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  if (field.type === 'attachment' && Array.isArray(value))
    return value.map((f) => (f as { attachName?: string }).attachName ?? '').join('、');
  if (field.type === 'user' && Array.isArray(value)) return `${value.length}人`;
  return typeof value === 'object' ? '' : String(value);
}

/**
 * The first problem with a record's values against the model (Chinese, naming the field), or null: the workflow's
 * rules (required, types, sizes, dictionary items) plus the model's own minimum length and pattern for text.
 */
export function recordProblem(
  fields: CustomField[],
  form: FormField[],
  values: Record<string, unknown>,
): string | null {
  const problem = formProblem(form, values);
  if (problem) return problem;
  for (const field of fields) {
    const value = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    if (typeof value !== 'string' || value === '' || (field.type !== 'text' && field.type !== 'textarea')) continue;
    if (field.min !== undefined && Array.from(value).length < field.min) return `${field.label}不能少于${field.min}字`;
    if (field.pattern && !safeTest(field.pattern, value)) return field.patternMessage ?? `${field.label}格式不正确`;
  }
  return null;
}

// a pattern comes from an admin-saved model; a broken one must not make every record unsavable with a 500
function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true;
  }
}

/** The problem with a model's own setup (columns, search and filter fields naming real fields), or null. */
export function modelProblem(model: {
  fields: CustomField[];
  listColumns: string[];
  searchFields: string[];
  filterFields: string[];
}): string | null {
  const keys = new Set<string>();
  for (const field of model.fields) {
    if (keys.has(field.key)) return `字段标识重复：${field.key}`;
    keys.add(field.key);
    if (field.type === 'dictionary' && !field.dict) return `${field.label}需要选择字典`;
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      return `${field.label}的最小值不能大于最大值`;
    if (field.pattern) {
      try {
        new RegExp(field.pattern, 'u');
      } catch {
        return `${field.label}的校验规则不是有效的正则表达式`;
      }
    }
  }
  const byKey = new Map(model.fields.map((f) => [f.key, f]));
  for (const key of model.listColumns) if (!byKey.has(key)) return `列表字段不存在：${key}`;
  for (const key of model.searchFields) if (!byKey.has(key)) return `搜索字段不存在：${key}`;
  for (const key of model.filterFields)
    if (byKey.get(key)?.type !== 'dictionary') return `筛选字段必须是字典字段：${key}`;
  return null;
}
