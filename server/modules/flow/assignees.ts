import { and, eq, inArray } from 'drizzle-orm';
import type { AssigneeRule } from '@contract/flow';
import type { Db } from '../../db/client';
import { orgs, posts, roles, userPosts, userRoles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The initiator's department head; when the initiator heads it, the head of the department above. */
export async function departmentHead(tx: Db, initiatorId: string): Promise<string[]> {
  const [me] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, initiatorId));
  let orgId: string | null = me?.orgId ?? null;
  for (let depth = 0; orgId && depth < 10; depth += 1) {
    const [org] = await tx
      .select({ leader: orgs.leaderUserId, parent: orgs.parentId })
      .from(orgs)
      .where(eq(orgs.id, orgId));
    if (org?.leader && org.leader !== initiatorId) return [org.leader];
    orgId = org?.parent ?? null;
  }
  return [];
}

/** The people an assignee rule names, active users only, de-duplicated, in a stable order. */
export async function resolveAssignees(
  tx: Db,
  rule: AssigneeRule,
  initiatorId: string,
  chosen: string[],
): Promise<string[]> {
  let ids: string[];
  switch (rule.type) {
    case 'users':
      ids = rule.userIds;
      break;
    case 'role': {
      const rows = await tx
        .select({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(roles.code, rule.role));
      ids = rows.map((r) => r.id);
      break;
    }
    case 'post': {
      const rows = await tx
        .select({ id: userPosts.userId })
        .from(userPosts)
        .innerJoin(posts, eq(posts.id, userPosts.postId))
        .where(eq(posts.code, rule.post));
      ids = rows.map((r) => r.id);
      break;
    }
    case 'deptHead':
      ids = await departmentHead(tx, initiatorId);
      break;
    case 'chosen':
      ids = chosen;
      break;
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, 'active')));
  const activeSet = new Set(active.map((r) => r.id));
  return unique.filter((id) => activeSet.has(id));
}

/** A node with nobody to act cannot be entered: say so instead of leaving the instance stuck. */
export function requireAssignees(ids: string[], nodeName: string, rule: AssigneeRule): string[] {
  if (ids.length > 0) return ids;
  if (rule.type === 'chosen') throw new AppError(400, `请选择「${nodeName}」的处理人`);
  throw new AppError(400, `「${nodeName}」没有可用的处理人，请联系管理员`);
}
