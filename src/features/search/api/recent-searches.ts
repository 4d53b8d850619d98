const MAX_RECENT = 10;
const keyOf = (userKey: string) => `oa-recent-searches:${userKey}`;

/** 最近搜索: this person's last keywords on this device, newest first (kept per user, like 最近联系人). */
export function readRecentSearches(userKey: string | undefined): string[] {
  if (!userKey) return [];
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(userKey)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string' && k.length > 0) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(userKey: string | undefined, keyword: string): string[] {
  if (!userKey || !keyword) return readRecentSearches(userKey);
  const next = [keyword, ...readRecentSearches(userKey).filter((k) => k !== keyword)].slice(0, MAX_RECENT);
  writeRecent(userKey, next);
  return next;
}

export function clearRecentSearches(userKey: string | undefined): void {
  if (userKey) writeRecent(userKey, []);
}

function writeRecent(userKey: string, keywords: string[]): void {
  try {
    if (keywords.length) localStorage.setItem(keyOf(userKey), JSON.stringify(keywords));
    else localStorage.removeItem(keyOf(userKey));
  } catch {
    // storage full or blocked: the list is a convenience only
  }
}
