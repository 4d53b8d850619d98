import type { CustomAccess } from '@contract/custom';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/*
 * Who may do what with a model's records, in one place: each access list holds role codes, '*' (every signed-in
 * user) or 'owner' (the record's creator). The record's abilities and the routes ask the same rules.
 */

type Action = keyof CustomAccess;

const byRole = (list: string[], user: Principal) => list.includes('*') || list.some((role) => user.roles.includes(role));

/** May the user do `action` on a model's records at all ('all'), only on their own ('own'), or not (null). */
export function scopeOf(access: CustomAccess, user: Principal, action: Action): 'all' | 'own' | null {
  const list = access[action];
  if (byRole(list, user)) return 'all';
  return list.includes('owner') ? 'own' : null;
}

const allowed = (access: CustomAccess, user: Principal, action: Action, createdBy: string | null) => {
  const scope = scopeOf(access, user, action);
  return scope === 'all' || (scope === 'own' && createdBy === user.id);
};

export function readRefusal(access: CustomAccess, user: Principal, createdBy?: string | null): AppError | null {
  const ok = createdBy === undefined ? scopeOf(access, user, 'read') !== null : allowed(access, user, 'read', createdBy);
  return ok ? null : new AppError(403, '无权查看该业务数据');
}

export function createRefusal(access: CustomAccess, user: Principal): AppError | null {
  return byRole(access.create, user) ? null : new AppError(403, '无权新增该业务数据');
}

export function editRefusal(access: CustomAccess, user: Principal, createdBy: string | null): AppError | null {
  return allowed(access, user, 'edit', createdBy) ? null : new AppError(403, '无权修改该记录');
}

export function deleteRefusal(access: CustomAccess, user: Principal, createdBy: string | null): AppError | null {
  return allowed(access, user, 'delete', createdBy) ? null : new AppError(403, '无权删除该记录');
}

/** Models themselves are maintained by admins. */
export function manageModelsRefusal(user: Principal): AppError | null {
  return user.roles.includes('admin') ? null : new AppError(403, '只有管理员可以维护业务模型');
}

export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
