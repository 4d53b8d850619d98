import type { FormField } from '@contract/flow';
import { formatMoney } from '@/lib/format';

/** How a stored form value reads on a detail page. */
export function displayValue(field: FormField, value: unknown): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  switch (field.type) {
    case 'money':
      return `¥${formatMoney(Number(value))}`;
    case 'daterange':
      return Array.isArray(value) ? `${value[0]} 至 ${value[1]}` : String(value);
    case 'select':
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    case 'user':
      return Array.isArray(value) ? `${value.length}人` : String(value);
    case 'attachment':
      return Array.isArray(value) ? `${value.length}个附件` : '';
    default:
      return String(value);
  }
}
