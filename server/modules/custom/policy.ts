import type { CustomAccess, CustomAccessScope } from '@contract/custom';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/*
 * Who may do what with a model's records, in one place. Each access list holds rules: a role code or '*' (every
 * signed-in user) reaching all records, 'owner' reaching the user's own, or { role, scope } reaching the records of
 * that scope: own, own department (the user's org and the orgs below it), own company, all. A record belongs to the
 * org its creator sat in when making it. The record's abilities, the list, the menu counts, the detail, the writes
 * and the attachment downloads ask these same rules.
 */

type Action = keyof CustomAccess;

/** The user with where they sit: their org's path and their company's path (materialised org paths). */
export interface Reader extends Principal {
  deptPath: string | null;
  companyPath: string | null;
}

/** What the rules need to know of a record. */
export interface RecordFacts {
  createdBy: string | null;
  /** path of the org the record belongs to (null for public submissions) */
  orgPath: string | null;
}

const WIDTH: Record<CustomAccessScope, number> = { own: 0, dept: 1, company: 2, all: 3 };

function ruleScope(rule: CustomAccess[Action][number], user: Principal): CustomAccessScope | null {
  if (typeof rule === 'string') {
    if (rule === 'owner') return 'own';
    return rule === '*' || user.roles.includes(rule) ? 'all' : null;
  }
  return rule.role === '*' || rule.role === 'owner' || user.roles.includes(rule.role) ? rule.scope : null;
}

/** The widest scope in which the user may do `action` on a model's records, or null when in none. */
export function scopeOf(access: CustomAccess, user: Principal, action: Action): CustomAccessScope | null {
  let widest: CustomAccessScope | null = null;
  for (const rule of access[action]) {
    const scope = ruleScope(rule, user);
    if (scope && (widest === null || WIDTH[scope] > WIDTH[widest])) widest = scope;
  }
  return widest;
}

/** Does a scope reach the record? Every scope reaches the user's own records. */
export function reaches(scope: CustomAccessScope | null, reader: Reader, record: RecordFacts): boolean {
  if (scope === null) return false;
  if (scope === 'all' || (record.createdBy !== null && record.createdBy === reader.id)) return true;
  const under = scope === 'dept' ? reader.deptPath : scope === 'company' ? reader.companyPath : null;
  return under !== null && record.orgPath !== null && record.orgPath.startsWith(under);
}

const allowed = (access: CustomAccess, reader: Reader, action: Action, record: RecordFacts) =>
  reaches(scopeOf(access, reader, action), reader, record);

/** Reading the model (its form and list) at all: 403 when no rule names the user. */
export function modelReadRefusal(access: CustomAccess, user: Principal): AppError | null {
  return scopeOf(access, user, 'read') !== null ? null : new AppError(403, '无权查看该业务数据');
}

/** Reading one record: a record outside the user's reach answers as a missing one does (404), never confirming it exists. */
export function readRefusal(access: CustomAccess, reader: Reader, record: RecordFacts): AppError | null {
  return allowed(access, reader, 'read', record) ? null : new AppError(404, '记录不存在');
}

export function createRefusal(access: CustomAccess, user: Principal): AppError | null {
  const scope = scopeOf(access, user, 'create');
  // 'owner' alone reaches only records that exist; it cannot grant making one
  const byRule = access.create.some(
    (rule) => rule !== 'owner' && (typeof rule === 'string' || rule.role !== 'owner') && ruleScope(rule, user) !== null,
  );
  return scope !== null && byRule ? null : new AppError(403, '无权新增该业务数据');
}

export function editRefusal(access: CustomAccess, reader: Reader, record: RecordFacts): AppError | null {
  return allowed(access, reader, 'edit', record) ? null : new AppError(403, '无权修改该记录');
}

export function deleteRefusal(access: CustomAccess, reader: Reader, record: RecordFacts): AppError | null {
  return allowed(access, reader, 'delete', record) ? null : new AppError(403, '无权删除该记录');
}

/** Models themselves are maintained by admins. */
export function manageModelsRefusal(user: Principal): AppError | null {
  return user.roles.includes('admin') ? null : new AppError(403, '只有管理员可以维护业务模型');
}

export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
