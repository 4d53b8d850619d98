import type { FormField } from './flow';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
// an uploaded file as the upload answered it: { fileName, attachName } strings, nothing nested
const isAttachment = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.entries(v).every(
    ([k, x]) =>
      (k === 'fileName' || k === 'attachName' || k === 'size' || k === 'mime') &&
      (typeof x === 'string' ? x.length <= 255 : typeof x === 'number'),
  ) &&
  typeof (v as { fileName?: unknown }).fileName === 'string';

/**
 * Checks form values against the definition's schema; the first problem as a Chinese message, or null. A draft
 * (`partial`) may leave required fields empty, but what it holds obeys the same types and sizes as a submission.
 */
export function formProblem(
  schema: FormField[],
  data: Record<string, unknown>,
  options: { partial?: boolean } = {},
): string | null {
  for (const field of schema) {
    // own properties only: a field named like a built-in (constructor, toString) must not read the prototype
    const value = Object.hasOwn(data, field.key) ? data[field.key] : undefined;
    if (isEmpty(value)) {
      if (options.partial) continue;
      const ask = field.type === 'attachment' ? '请上传' : '请填写';
      if (field.required) return `${ask}${field.label}`;
      const when = field.requiredWhen;
      if (when && conditionHolds(data, when)) return `${conditionText(schema, when)}时${ask}${field.label}`;
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
        if (field.computed) {
          const problem = computedProblem(schema, data, field, n);
          if (problem) return problem;
        }
        break;
      }
      case 'date':
        if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value)))
          return `${field.label}日期格式不正确`;
        break;
      case 'datetime':
        if (typeof value !== 'string' || !DATETIME.test(value) || Number.isNaN(Date.parse(value.replace(' ', 'T'))))
          return `${field.label}时间格式不正确`;
        break;
      case 'daterange': {
        if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === 'string' && DATE.test(v)))
          return `${field.label}日期格式不正确`;
        if (value[0] > value[1]) return `${field.label}结束日期不能早于开始日期`;
        break;
      }
      case 'select':
        if (typeof value !== 'string') return `${field.label}格式不正确`;
        if (field.options && !field.options.some((o) => o.value === value)) return `${field.label}选项无效`;
        break;
      case 'user':
        if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.length <= 64))
          return `${field.label}格式不正确`;
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

type FieldCondition = NonNullable<FormField['requiredWhen']>;

function conditionHolds(data: Record<string, unknown>, when: FieldCondition): boolean {
  const other = Object.hasOwn(data, when.field) ? data[when.field] : undefined;
  return when.op === '==' ? other === when.value : other !== when.value;
}

/** "请假类型为病假": the condition in the words of the form (the option's label, not its stored value). */
function conditionText(schema: FormField[], when: FieldCondition): string {
  const other = schema.find((f) => f.key === when.field);
  const label = other?.options?.find((o) => o.value === when.value)?.label ?? when.value;
  return `${other?.label ?? when.field}${when.op === '==' ? '为' : '不为'}${label}`;
}

const DAY_MS = 86_400_000;
/** a leave is at most a year long; a longer range is refused before any day is counted */
const MAX_RANGE_DAYS = 366;

/**
 * Days in an inclusive yyyy-MM-dd range: every calendar day, and the working days (Monday to Friday; the system keeps
 * no holiday calendar, so public holidays count as working days). null when the range is not two valid ordered dates.
 */
export function daysInRange(range: unknown): { calendar: number; working: number } | null {
  if (!Array.isArray(range) || range.length !== 2 || !range.every((v) => typeof v === 'string' && DATE.test(v)))
    return null;
  const from = Date.parse(`${range[0]}T00:00:00Z`);
  const to = Date.parse(`${range[1]}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return null;
  const calendar = Math.round((to - from) / DAY_MS) + 1;
  if (calendar > MAX_RANGE_DAYS) return { calendar, working: calendar };
  let working = 0;
  for (let t = from; t <= to; t += DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) working += 1;
  }
  return { calendar, working };
}

/** What the client fills in as dates are picked: the working days, or every day when the range holds no working day. */
export function computedDays(range: unknown): number | null {
  const days = daysInRange(range);
  if (!days) return null;
  return days.working > 0 ? days.working : days.calendar;
}

/**
 * A stated day count fits its range when it is the working days (事假, 年假) or the calendar days (婚假, 产假 count
 * every day), less at most a half day at each end (starting in an afternoon, ending in a morning), in half days.
 */
export function daysFit(stated: number, range: unknown): boolean {
  const days = daysInRange(range);
  if (!days) return true;
  if (Math.round(stated * 2) !== stated * 2) return false;
  return [days.working, days.calendar].some((full) => full > 0 && stated <= full && stated >= Math.max(0.5, full - 1));
}

function computedProblem(
  schema: FormField[],
  data: Record<string, unknown>,
  field: FormField,
  stated: number,
): string | null {
  const from = field.computed!.from;
  const range = Object.hasOwn(data, from) ? data[from] : undefined;
  const days = daysInRange(range);
  // an empty or malformed range is reported on its own field
  if (!days || daysFit(stated, range)) return null;
  const rangeLabel = schema.find((f) => f.key === from)?.label ?? from;
  return `${field.label}与${rangeLabel}不符：所选时段共${days.calendar}天，其中工作日${days.working}天`;
}
