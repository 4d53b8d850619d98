import type { CurrentUserData } from '@contract/auth';
import { createStore } from '@/lib/store';
import { SESSION_KEYS, readJson, writeJson } from '@/lib/local-keys';

export interface UserState {
  user: CurrentUserData | null;
  roles: string[];
  permissions: string[];
}

/** Roles and permissions start from the local copy so permission gates are right on an offline start. */
export const userStore = createStore<UserState>({
  user: null,
  roles: readJson<string[]>(SESSION_KEYS.roles, []),
  permissions: readJson<string[]>(SESSION_KEYS.permissions, []),
});

export function setCurrentUser(user: CurrentUserData): void {
  writeJson(SESSION_KEYS.permissions, user.permissions);
  writeJson(SESSION_KEYS.roles, user.roles);
  writeJson(SESSION_KEYS.userId, user.userVo.id);
  userStore.set({ user, roles: user.roles, permissions: user.permissions });
}

export function clearCurrentUser(): void {
  userStore.set({ user: null, roles: [], permissions: [] });
}
