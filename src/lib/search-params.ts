// Route search validators without a schema library: zod would add ~25 KB gzip to the first load for a few checks.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A UUID search parameter, or undefined when it is missing or malformed. */
export function optionalUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/** What the route's error screen says for a link that lacks or garbles a parameter (users read it: Chinese only). */
export const BAD_LINK_MESSAGE = '链接地址不完整或已失效';

/** A required UUID search parameter: a malformed link shows the route's error screen instead of a broken page. */
export function requiredUuid(value: unknown, name: string): string {
  const id = optionalUuid(value);
  // the parameter's name is for developers (the error's cause), not for the screen
  if (!id) throw new Error(BAD_LINK_MESSAGE, { cause: name });
  return id;
}

/** Free text (a keyword), trimmed and bounded. */
export function optionalText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().slice(0, max);
  return text || undefined;
}

/** A yyyy-MM-dd day. */
export function optionalDay(value: unknown): string | undefined {
  return typeof value === 'string' && DAY.test(value) ? value : undefined;
}

export interface FlowDetailSearch {
  instanceId: string;
  taskId?: string;
  readId?: string;
}

/** The search of the four flow detail routes (/followWaitDetail, …): which instance, and the task or copy it came from. */
export function validateFlowDetailSearch(search: Record<string, unknown>): FlowDetailSearch {
  return {
    instanceId: requiredUuid(search.instanceId, 'instanceId'),
    taskId: optionalUuid(search.taskId),
    readId: optionalUuid(search.readId),
  };
}

/**
 * Start-form values carried in a link (`prefill`, a JSON object of field key → value, as the AI助手 writes it).
 * The router may hand it over already parsed; anything that is not a plain object is dropped. The form keeps only
 * keys of its own schema.
 */
export function optionalPrefill(value: unknown): Record<string, unknown> | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

const MODEL_CODE = /^[a-z][a-z0-9_-]{1,39}$/;

export interface CustomSearch {
  code: string;
  id?: string;
}

/** The search of /customModule/list and /customModule/detail: which model, and (detail) which record; none = a new one. */
export function validateCustomSearch(search: Record<string, unknown>): CustomSearch {
  const code = typeof search.code === 'string' && MODEL_CODE.test(search.code) ? search.code : undefined;
  if (!code) throw new Error(`${BAD_LINK_MESSAGE}：未指明业务模型`, { cause: 'code' });
  const id = optionalUuid(search.id);
  return id ? { code, id } : { code };
}
