import { optionalText, optionalUuid } from '@/lib/search-params';

/** One level drilled into: a department's name and id. */
export interface Level {
  name: string;
  value: string;
}

export const ROOT_LEVEL: Level = { name: '组织架构', value: '0' };
const MAX_DEPTH = 12;

/**
 * The departments drilled into live in the URL (`trail`), not in component state: each drill is a history entry,
 * so the phone's Back goes up one level instead of leaving the address book.
 */
export function parseTrail(raw: unknown): Level[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const levels = raw
    .slice(0, MAX_DEPTH)
    .map((l: { name?: unknown; value?: unknown }) => ({
      name: optionalText(l?.name, 60),
      value: optionalText(l?.value, 64),
    }))
    .filter((l): l is Level => Boolean(l.name && l.value));
  return levels.length ? levels : undefined;
}

export const addressBookSearch = (search: Record<string, unknown>): { trail?: Level[] } => ({
  trail: parseTrail(search.trail),
});

export const userInfoSearch = (search: Record<string, unknown>): { userId: string; org?: string } => ({
  userId: optionalText(search.userId, 64) ?? '',
  org: optionalText(search.org, 200),
});

/** groupUser and personalUser: an id to open, or none to create a new one. */
export const optionalIdSearch = (search: Record<string, unknown>): { id?: string } => {
  const id = optionalUuid(search.id);
  return id ? { id } : {};
};
