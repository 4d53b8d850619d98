import type { FormField } from '@contract/flow';

// The app's own paths, so cards open the same screens a tap through the menus would.

/** A to-do opens its 待办 detail. */
export const todoHref = (instanceId: string, taskId: string) =>
  `/followWaitDetail?instanceId=${encodeURIComponent(instanceId)}&taskId=${encodeURIComponent(taskId)}`;

/** An approval opens as 待办 when the user has a task on it, else read-only. */
export const approvalHref = (instanceId: string, myTaskId: string | null) =>
  myTaskId ? todoHref(instanceId, myTaskId) : `/followViewDetail?instanceId=${encodeURIComponent(instanceId)}`;

/** A 资讯 article opens its detail. */
export const newsHref = (articleId: string) => `/news/detail?id=${encodeURIComponent(articleId)}`;

/** A mail opens its detail. */
export const mailHref = (messageId: string) => `/email/detail?id=${encodeURIComponent(messageId)}`;

export const TODO_LIST_HREF = '/follow/waitList';

/** The start form of a definition, prefilled from the JSON search parameter `prefill` (the user submits). */
export const startHref = (definitionId: string, prefill: Record<string, unknown>) =>
  `/follow/followList?definitionId=${encodeURIComponent(definitionId)}&prefill=${encodeURIComponent(JSON.stringify(prefill))}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DraftInput {
  startDate?: unknown;
  endDate?: unknown;
  days?: unknown;
  halfDay?: unknown;
  reason?: unknown;
}

/** Puts what the user said into the form's own fields (by type and label), and readable lines for the card. */
export function prefillForm(
  schema: FormField[],
  input: DraftInput,
): { prefill: Record<string, unknown>; summary: string[] } {
  const prefill: Record<string, unknown> = {};
  const summary: string[] = [];
  const start = typeof input.startDate === 'string' && DAY.test(input.startDate) ? input.startDate : null;
  const endRaw = typeof input.endDate === 'string' && DAY.test(input.endDate) ? input.endDate : null;
  const end = start && endRaw && endRaw >= start ? endRaw : start;
  const halfDay = input.halfDay === 'am' ? '上午' : input.halfDay === 'pm' ? '下午' : null;
  let days = typeof input.days === 'number' && input.days > 0 && input.days <= 365 ? input.days : null;
  if (days === null && halfDay) days = 0.5;
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';

  const range = schema.find((f) => f.type === 'daterange');
  const date = schema.find((f) => f.type === 'date');
  if (start && range) {
    prefill[range.key] = [start, end];
    summary.push(`${range.label}：${start === end ? start : `${start} 至 ${end}`}${halfDay ? ` ${halfDay}` : ''}`);
  } else if (start && date) {
    prefill[date.key] = start;
    summary.push(`${date.label}：${start}`);
  }
  const dayField = schema.find((f) => f.type === 'number' && (f.key === 'days' || f.label.includes('天数')));
  if (days !== null && dayField) {
    prefill[dayField.key] = days;
    summary.push(`${dayField.label}：${days}`);
  }
  const reasonField = schema.find(
    (f) => (f.type === 'textarea' || f.type === 'text') && /事由|理由|原因|说明/.test(f.label),
  );
  if (reason && reasonField) {
    prefill[reasonField.key] = reason.slice(0, reasonField.max ?? 500);
    summary.push(`${reasonField.label}：${prefill[reasonField.key]}`);
  }
  return { prefill, summary };
}
