import { z } from 'zod';
import { AppError } from './app-error';

// Chinese defaults for every issue a schema does not word itself (the client shows msg as it is)
z.config(z.locales.zhCN());

/** Parses input with a zod schema; the error handler turns a failure into HTTP 400 with the first issue's message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return schema.parse(input);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID string: anything else must never reach a uuid column (PostgreSQL would throw). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** A path param that must be a UUID: 400 with a Chinese message otherwise. */
export function uuidParam(value: unknown, label = 'ID'): string {
  if (!isUuid(value)) throw new AppError(400, `${label}格式不正确`);
  return value.toLowerCase();
}

/** Route params `{ id }` where id must be a UUID (lower-cased): 400 `<label>格式不正确` otherwise. */
export function idParams(label: string) {
  return z.object({
    id: z
      .string({ error: `${label}格式不正确` })
      .regex(uuidPattern, `${label}格式不正确`)
      .transform((id) => id.toLowerCase()),
  });
}

/** Escapes %, _ and \ so a keyword matches literally inside a LIKE pattern. */
export function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** "contains" pattern for ILIKE. */
export function likePattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

/** Paging query of the API conventions (contract/pagination-schemas.ts). */
export { pageQuery } from '@contract/pagination-schemas';
