import { getUid } from '@/lib/uid-store';

/** Pages anyone may open (spec §4). */
export const PUBLIC_PATHS = new Set(['/joinus/index', '/login', '/openApp']);

/** Where the session sends this path, or null to stay: no uid → /login (public pages excepted); a uid on /login → home. */
export function sessionGuard(pathname: string, uid: string | null = getUid()): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!uid) {
    if (PUBLIC_PATHS.has(path)) return null;
    console.warn('没有uid');
    return '/login';
  }
  return path === '/login' ? '/' : null;
}
