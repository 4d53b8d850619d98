import type { CurrentUserData } from '@contract/auth';
import { get } from '@/api/http';
import { setCurrentUser } from './user-store';

/** GET /api/upms/user/current into client state (permissions and roles are also kept locally). */
export async function fetchCurrentUser(): Promise<CurrentUserData> {
  const data = await get<CurrentUserData>('/api/upms/user/current', undefined, { noLoading: true });
  setCurrentUser(data);
  return data;
}
