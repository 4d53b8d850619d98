import type { FormField } from './flow';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
// an uploaded file as the upload answered it: { fileName, attachName } strings, nothing nested
const isAttachment = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) &&
  Object.entries(v).every(([k, x]) => (k === 'fileName' || k === 'attachName' || k === 'size' || k === 'mime') && (typeof x === 'string' ? x.length <= 255 : typeof x === 'number')) &&
  typeof (v as { fileName?: unknown }).fileName === 'string';

/**
 * Checks form values against the definition's schema; the first problem as a Chinese message, or null. A draft
 * (`partial`) may leave required fields empty, but what it holds obeys the same types and sizes as a submission.
 */
export function formProblem(schema: FormField[], data: Record<string, unknown>, options: { partial?: boolean } = {}): string | null {
  for (const field of schema) {
    // own properties only: a field named like a built-in (constructor, toString) must not read the prototype
    const value = Object.hasOwn(data, field.key) ? data[field.key] : undefined;
    if (isEmpty(value)) {
      if (field.required && !options.partial) return `请填写${field.label}`;
      continue;
    }
    switch (field.type) {
      case 'text':
      case 'textarea': {
        if (typeof value !== 'string') return `${field.label}格式不正确`;
        const max = field.max ?? (field.type === 'text' ? 100 : 2000);
        if (Array.from(value).length > max) return `${field.label}不能超过${max}字`;
        break;
      }
      case 'number':
      case 'money': {
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n)) return `${field.label}必须是数字`;
        if (field.min !== undefined && n < field.min) return `${field.label}不能小于${field.min}`;
        if (field.max !== undefined && n > field.max) return `${field.label}不能大于${field.max}`;
        if (field.type === 'money' && Math.round(n * 100) !== n * 100) return `${field.label}最多两位小数`;
        break;
      }
      case 'date':
        if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) return `${field.label}日期格式不正确`;
        break;
      case 'daterange': {
        if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === 'string' && DATE.test(v))) return `${field.label}日期格式不正确`;
        if (value[0] > value[1]) return `${field.label}结束日期不能早于开始日期`;
        break;
      }
      case 'select':
        if (typeof value !== 'string') return `${field.label}格式不正确`;
        if (field.options && !field.options.some((o) => o.value === value)) return `${field.label}选项无效`;
        break;
      case 'user':
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length <= 64)) return `${field.label}格式不正确`;
        if (value.length > 50) return `${field.label}最多选择50人`;
        break;
      case 'attachment':
        if (!Array.isArray(value) || !value.every(isAttachment)) return `${field.label}格式不正确`;
        if (value.length > 20) return `${field.label}最多20个`;
        break;
    }
  }
  return null;
}

/** Only the schema's own keys are kept, so a client cannot smuggle fields into the stored form. */
export function pickFormFields(schema: FormField[], data: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of schema) if (Object.hasOwn(data, field.key)) kept[field.key] = data[field.key];
  return kept;
}
