import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { ContactGroup, ContactGroupDetail } from '@contract/contacts';
import type { GroupBody } from '@contract/contacts-schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toCount } from '../../db/client';
import { groupMembers, groups } from '../../db/schema';
import type { Principal } from '../session/service';
import type { OrgScope } from '../selector/policy';
import { assertPickable, visibleUsers } from './people-service';
import { editGroupRefusal, enforce, viewGroupRefusal } from './policy';
import { presentGroup } from './presenter';

const MAX_OWN_GROUPS = 100;

async function findGroup(db: Db, id: string) {
  const [group] = await db.select().from(groups).where(eq(groups.id, id));
  return group;
}

/** The caller's own groups, then the public ones, each with its member count. */
export async function listGroups(db: Db, user: Principal): Promise<ContactGroup[]> {
  const rows = await db
    .select({ id: groups.id, name: groups.name, ownerId: groups.ownerId, n: count(groupMembers.userId) })
    .from(groups)
    .leftJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .where(or(eq(groups.ownerId, user.id), eq(groups.isPublic, true)))
    .groupBy(groups.id)
    .orderBy(asc(groups.isPublic), asc(groups.sort), asc(groups.name));
  return rows.map((g) => presentGroup(g, toCount(g.n), user.id));
}

/** One group with the members the caller may see. */
export async function groupDetail(db: Db, user: Principal, id: string, scope: OrgScope): Promise<ContactGroupDetail> {
  const group = await findGroup(db, id);
  enforce(viewGroupRefusal(group, user));
  const memberRows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, id))
    .orderBy(asc(groupMembers.sort));
  const members = await visibleUsers(
    db,
    memberRows.map((m) => m.userId),
    scope,
  );
  return { ...presentGroup(group!, members.length, user.id), members };
}

export async function createGroup(
  tx: Db,
  user: Principal,
  body: Required<GroupBody>,
  scope: OrgScope,
): Promise<ContactGroup> {
  const [own] = await tx.select({ n: count() }).from(groups).where(eq(groups.ownerId, user.id));
  if (toCount(own?.n) >= MAX_OWN_GROUPS) throw new AppError(400, `自定义群组最多${MAX_OWN_GROUPS}个`);
  const memberIds = await assertPickable(tx, body.memberIds, scope);
  const [group] = await tx
    .insert(groups)
    .values({ name: body.name, ownerId: user.id, isPublic: false, sort: toCount(own?.n) })
    .returning();
  if (memberIds.length)
    await tx.insert(groupMembers).values(memberIds.map((userId, sort) => ({ groupId: group!.id, userId, sort })));
  return presentGroup(group!, memberIds.length, user.id);
}

export async function renameGroup(tx: Db, user: Principal, id: string, name: string): Promise<void> {
  enforce(editGroupRefusal(await findGroup(tx, id), user));
  await tx.update(groups).set({ name }).where(eq(groups.id, id));
}

export async function deleteGroup(tx: Db, user: Principal, id: string): Promise<void> {
  enforce(editGroupRefusal(await findGroup(tx, id), user));
  await tx.delete(groups).where(eq(groups.id, id));
}

export async function addMembers(
  tx: Db,
  user: Principal,
  id: string,
  userIds: string[],
  scope: OrgScope,
): Promise<void> {
  enforce(editGroupRefusal(await findGroup(tx, id), user));
  const ids = await assertPickable(tx, userIds, scope);
  const [last] = await tx.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, id));
  const base = toCount(last?.n);
  await tx
    .insert(groupMembers)
    .values(ids.map((userId, i) => ({ groupId: id, userId, sort: base + i })))
    .onConflictDoNothing();
}

export async function removeMember(tx: Db, user: Principal, id: string, userId: string): Promise<void> {
  enforce(editGroupRefusal(await findGroup(tx, id), user));
  await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, id), inArray(groupMembers.userId, [userId])));
}
