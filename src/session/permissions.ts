import { useStore } from '@/lib/store';
import { userStore } from './user-store';

export const ALL_PERMISSIONS = '*:*:*';

const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]).filter(Boolean);

/** Spec §6: allowed when the user holds *:*:* or any one of the listed permissions. */
export function hasPermission(required: string | string[], granted: readonly string[]): boolean {
  const wanted = asList(required);
  return granted.includes(ALL_PERMISSIONS) || wanted.some((p) => granted.includes(p));
}

export function usePermission(required: string | string[]): boolean {
  const granted = useStore(userStore, (s) => s.permissions);
  return hasPermission(required, granted);
}
