import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { ContactCard } from '@contract/contacts';
import type { SelectorNode } from '@contract/upms';
import type { Db } from '../../db/client';
import { contactFavourites, orgs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { escapeLike } from '../../lib/validate';
import type { Principal } from '../session/service';
import { scopePath, type OrgScope } from '../selector/policy';
import { userNode } from '../selector/presenter';
import { selectUsers } from '../selector/user-queries';
import { findOrg, fullNameAndId, orgLineage } from '../upms/org-lineage';

/** Active users with these ids inside the caller's org scope, in org display order. */
export async function visibleUsers(db: Db, ids: string[], scope: OrgScope): Promise<SelectorNode[]> {
  if (!ids.length) return [];
  const path = scopePath(scope);
  const rows = await selectUsers(
    db,
    and(inArray(users.id, ids), path ? like(orgs.path, `${escapeLike(path)}%`) : undefined),
  );
  return rows.map((u) => userNode(u));
}

/** 400 unless every id names a colleague the caller may see (a picker can only offer those). */
export async function assertPickable(db: Db, ids: string[], scope: OrgScope): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await visibleUsers(db, unique, scope);
  if (found.length !== unique.length) throw new AppError(400, '所选人员不存在或不可见');
  return unique;
}

/** A colleague's card with the organisation path and the caller's star; 404 outside the scope. */
export async function contactCard(db: Db, user: Principal, id: string, scope: OrgScope): Promise<ContactCard> {
  const [node] = await visibleUsers(db, [id], scope);
  if (!node) throw new AppError(404, '人员不存在');
  const org = await findOrg(db, node.parentId ?? '');
  const orgFullName = org ? fullNameAndId(await orgLineage(db, org)).fullName : (node.orgName ?? '');
  const [star] = await db
    .select({ userId: contactFavourites.userId })
    .from(contactFavourites)
    .where(and(eq(contactFavourites.ownerId, user.id), eq(contactFavourites.userId, id)));
  return { ...node, orgFullName, favourite: Boolean(star) };
}

/** 常用联系人: the caller's starred colleagues still visible to them, in org display order. */
export async function listFavourites(db: Db, user: Principal, scope: OrgScope): Promise<SelectorNode[]> {
  const rows = await db
    .select({ userId: contactFavourites.userId })
    .from(contactFavourites)
    .where(eq(contactFavourites.ownerId, user.id))
    .orderBy(asc(contactFavourites.createdAt));
  return visibleUsers(
    db,
    rows.map((r) => r.userId),
    scope,
  );
}

export async function addFavourite(tx: Db, user: Principal, userId: string, scope: OrgScope): Promise<void> {
  if (userId === user.id) throw new AppError(400, '不能收藏自己');
  await assertPickable(tx, [userId], scope);
  await tx.insert(contactFavourites).values({ ownerId: user.id, userId }).onConflictDoNothing();
}

/** Unstarring someone not starred stays a success (an offline replay repeats it); unstarring nobody is a 404. */
export async function removeFavourite(tx: Db, user: Principal, userId: string): Promise<void> {
  const removed = await tx
    .delete(contactFavourites)
    .where(and(eq(contactFavourites.ownerId, user.id), eq(contactFavourites.userId, userId)))
    .returning({ userId: contactFavourites.userId });
  if (removed.length) return;
  const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!known) throw new AppError(404, '人员不存在');
}
