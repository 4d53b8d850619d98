import { and, asc, count, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../lib/validate';
import type { SelectorNode } from '@contract/upms';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { groupMembers, groups, orgs, posts, userPosts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';
import { findOrg } from '../upms/org-lineage';
import { assertOrgInScope, canSeeGroup, scopePath, type OrgScope } from './policy';
import { containerNode, userNode } from './presenter';
import { activeUsersPerOrg, orgsUnder, searchUsers, selectUsers } from './user-queries';

/** Org tree level: child orgs (with users anywhere below) then the org's own users. id null = top level. */
export async function orgLevel(db: Db, id: string | null, scope: OrgScope): Promise<SelectorNode[]> {
  let children: { id: string; name: string; parentId: string | null; path: string }[];
  let ownUsers: SelectorNode[] = [];
  const orgColumns = { id: orgs.id, name: orgs.name, parentId: orgs.parentId, path: orgs.path };
  if (id === null && scope) {
    children = [scope.root]; // a scoped caller's top level is their own company
  } else if (id === null) {
    children = await db.select(orgColumns).from(orgs).where(isNull(orgs.parentId)).orderBy(asc(orgs.sort));
  } else {
    const org = await findOrg(db, id);
    if (!org) throw new AppError(404, '组织不存在');
    assertOrgInScope(org, scope);
    children = await db.select(orgColumns).from(orgs).where(eq(orgs.parentId, id)).orderBy(asc(orgs.sort));
    ownUsers = (await selectUsers(db, eq(users.orgId, id))).map((u) => userNode(u, id));
  }
  const below = children.length ? await orgsUnder(db, commonPrefix(children.map((c) => c.path))) : [];
  const perOrg = await activeUsersPerOrg(
    db,
    below.map((o) => o.id),
  );
  const nodes = children.map((child) => {
    const total = below
      .filter((o) => o.path.startsWith(child.path))
      .reduce((sum, o) => sum + (perOrg.get(o.id) ?? 0), 0);
    return containerNode('org', child, total);
  });
  return [...nodes, ...ownUsers];
}

function commonPrefix(paths: string[]): string {
  // siblings share their parent's path; a single child is its own prefix
  if (paths.length === 1) return paths[0]!;
  const first = paths[0]!.split('/');
  return `${first.slice(0, first.length - 2).join('/')}/`;
}

/** Users matching a keyword within the scope (search mode of the org selector). */
export async function searchOrgUsers(db: Db, keyword: string, scope: OrgScope): Promise<SelectorNode[]> {
  return (await searchUsers(db, keyword, scope?.root.path ?? null)).map((u) => userNode(u));
}

/** Every active user anywhere below an org (ticking an org in the selector). */
export async function usersUnderOrg(db: Db, id: string, scope: OrgScope): Promise<SelectorNode[]> {
  const org = await findOrg(db, id);
  if (!org) throw new AppError(404, '组织不存在');
  assertOrgInScope(org, scope); // the same refusal as opening that org in the tree
  const ids = (await orgsUnder(db, org.path)).map((o) => o.id);
  return (await selectUsers(db, inArray(users.orgId, ids))).map((u) => userNode(u));
}

/** Active users inside the scope, as a join condition (people outside it are neither listed nor counted). */
function visibleUser(scope: OrgScope): SQL | undefined {
  const path = scopePath(scope);
  if (!path) return eq(users.status, 'active');
  const orgIds = sql`(select ${orgs.id} from ${orgs} where ${orgs.path} like ${`${escapeLike(path)}%`})`;
  return and(eq(users.status, 'active'), inArray(users.orgId, orgIds));
}

/** For queries joined with orgs (selectUsers): the user's department lies inside the scope. */
function inScope(scope: OrgScope): SQL | undefined {
  const path = scopePath(scope);
  return path ? like(orgs.path, `${escapeLike(path)}%`) : undefined;
}

/** Group tree: root → the caller's own groups and public groups; a group → its members. */
export async function groupLevel(db: Db, id: string | null, user: Principal, scope: OrgScope): Promise<SelectorNode[]> {
  if (id === null) {
    const rows = await db
      .select({ id: groups.id, name: groups.name, n: count(users.id) })
      .from(groups)
      .leftJoin(groupMembers, eq(groupMembers.groupId, groups.id))
      .leftJoin(users, and(eq(users.id, groupMembers.userId), visibleUser(scope)))
      .where(or(eq(groups.ownerId, user.id), eq(groups.isPublic, true)))
      .groupBy(groups.id)
      .orderBy(asc(groups.isPublic), asc(groups.sort));
    return rows.map((g) => containerNode('group', g, toCount(g.n)));
  }
  const [group] = await db.select().from(groups).where(eq(groups.id, id));
  if (!group || !canSeeGroup(group, user)) throw new AppError(404, '群组不存在');
  const members = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, id));
  if (!members.length) return [];
  return (
    await selectUsers(
      db,
      and(
        inArray(
          users.id,
          members.map((m) => m.userId),
        ),
        inScope(scope),
      ),
    )
  ).map((u) => userNode(u, id));
}

/** Post tree: root → posts with their holders' count; a post → its holders. */
export async function postLevel(db: Db, id: string | null, scope: OrgScope): Promise<SelectorNode[]> {
  if (id === null) {
    const rows = await db
      .select({ id: posts.id, name: posts.name, n: count(users.id) })
      .from(posts)
      .leftJoin(userPosts, eq(userPosts.postId, posts.id))
      .leftJoin(users, and(eq(users.id, userPosts.userId), visibleUser(scope)))
      .groupBy(posts.id)
      .orderBy(asc(posts.sort));
    return rows.map((p) => containerNode('post', p, toCount(p.n)));
  }
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  if (!post) throw new AppError(404, '岗位不存在');
  const holders = await db.select({ userId: userPosts.userId }).from(userPosts).where(eq(userPosts.postId, id));
  if (!holders.length) return [];
  return (
    await selectUsers(
      db,
      and(
        inArray(
          users.id,
          holders.map((h) => h.userId),
        ),
        inScope(scope),
      ),
    )
  ).map((u) => userNode(u, id));
}
