import { getUid } from '@/lib/uid-store';
import { safeRedirect } from '@/lib/login-redirect';

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

/**
 * The page to open after the login a guard asks for: the requested in-app address with its query (`href` is the
 * router's path + search + hash), or none for the root, which leads home anyway. Never another site.
 */
export function returnAfterLogin(href: string): string | undefined {
  const to = safeRedirect(href);
  return to && to !== '/' && !to.startsWith('/login') ? to : undefined;
}

/** 我的, where 修改密码 is. */
export const PASSWORD_CHANGE_PATH = '/myCenter/index';

/**
 * Where an account that still has its initial password is sent (the server's `mustChangePassword`, e.g. staff
 * brought in by npm run org:import): 我的, whose 修改密码 opens by itself, before any other page; null = stay.
 */
export function initialPasswordGuard(pathname: string, mustChange: boolean | undefined): string | null {
  if (!mustChange) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === PASSWORD_CHANGE_PATH || PUBLIC_PATHS.has(path) ? null : PASSWORD_CHANGE_PATH;
}
