/** Every localStorage key the session owns; logout removes them all (spec §4: uid, user, client id, permissions, roles, config). */
export const SESSION_KEYS = {
  uid: 'oa.uid',
  permissions: 'oa.permissions',
  roles: 'oa.roles',
  clientId: 'oa.clientId',
  siteConfig: 'oa.siteConfig',
  userId: 'oa.userId',
} as const;

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or private mode: the value lives for this tab only */
  }
}
