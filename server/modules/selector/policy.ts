import type { OrgVisibility } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';
import { findOrg, orgLineage, type OrgRef } from '../upms/org-lineage';

/** What part of the org tree a selector may show: null = all of it, else the subtree under `root`. */
export type OrgScope = { root: OrgRef } | null;

/**
 * The one visibility rule of every org, group and post picker, people search and user/org/all: with the site
 * setting `group` (default) everybody sees the whole group, so 转办 can reach colleagues in other companies; with
 * `company` non-admins see their own company (子公司/总部) subtree on every route alike, nopermfilter included,
 * so no route lists what another refuses.
 */
export async function orgScopeFor(db: Db, user: Principal, visibility: OrgVisibility): Promise<OrgScope> {
  if (visibility === 'group' || user.roles.includes('admin')) return null;
  const org = await findOrg(db, user.orgId);
  if (!org) throw new AppError(403, '无权查看组织架构');
  const lineage = await orgLineage(db, org);
  // the nearest company above the user's department; a user placed directly in the group sees the group
  const company = [...lineage].reverse().find((o) => o.type === 'company') ?? lineage[0] ?? org;
  return { root: company };
}

/** 403 when an org lies outside the caller's scope. */
export function assertOrgInScope(org: OrgRef, scope: OrgScope): void {
  if (scope && !org.path.startsWith(scope.root.path)) throw new AppError(403, '无权查看该组织');
}

/** The org path prefix people listed to the caller must lie under (null = anywhere). */
export function scopePath(scope: OrgScope): string | null {
  return scope?.root.path ?? null;
}

/** Private groups are visible to their owner (and admins) only; public groups to everybody. */
export function canSeeGroup(group: { ownerId: string | null; isPublic: boolean }, user: Principal): boolean {
  return group.isPublic || group.ownerId === user.id || user.roles.includes('admin');
}
