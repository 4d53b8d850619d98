import { useStore } from '@/lib/store';
import { userStore } from './user-store';

export const ALL_PERMISSIONS = '*:*:*';
export const ADMIN_ROLE = 'admin';

const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]).filter(Boolean);

/** Spec §6: allowed when the user holds *:*:* or any one of the listed permissions. */
export function hasPermission(required: string | string[], granted: readonly string[]): boolean {
  const wanted = asList(required);
  return granted.includes(ALL_PERMISSIONS) || wanted.some((p) => granted.includes(p));
}

/** Spec §5/§6: a role rule needs a role list (else 请设置角色权限标签值); admin passes every rule. */
export function hasRole(required: string | string[] | undefined | null, roles: readonly string[]): boolean {
  const wanted = required ? asList(required) : [];
  if (wanted.length === 0) throw new Error('请设置角色权限标签值');
  return roles.includes(ADMIN_ROLE) || wanted.some((r) => roles.includes(r));
}

export function usePermission(required: string | string[]): boolean {
  const granted = useStore(userStore, (s) => s.permissions);
  return hasPermission(required, granted);
}

export function useRole(required: string | string[]): boolean {
  const roles = useStore(userStore, (s) => s.roles);
  return hasRole(required, roles);
}
