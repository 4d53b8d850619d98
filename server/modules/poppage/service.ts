import { eq } from 'drizzle-orm';
import type { PopDictItem, PopOrg, PopPageBody, PopPost, PopUser } from '@contract/poppage';
import type { Db } from '../../db/client';
import { dictItems, posts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/validate';
import type { CustomRecordView } from '@contract/custom';
import { findOrg, fullNameAndId, orgLineage, type OrgRef } from '../upms/org-lineage';
import { scopePath, type OrgScope } from '../selector/policy';
import type { Principal } from '../session/service';
import { recordView } from '../custom/read-service';
import { loadUserProfile } from '../upms/service';
import { presentOrg, presentUser } from './presenter';

const notFound = () => new AppError(404, '数据不存在');

/** Who asks: their org scope (server/modules/selector/policy.ts) decides which users and orgs exist for them. */
export interface Reader {
  user: Principal;
  scope: OrgScope;
}

const inScope = (org: OrgRef, scope: OrgScope) => {
  const path = scopePath(scope);
  return path === null || org.path.startsWith(path);
};

/** One record for a pop-up page, presented by kind (never a raw row). */
export async function getPopData(
  db: Db,
  { code, id }: PopPageBody,
  reader: Reader,
): Promise<PopUser | PopOrg | PopPost | PopDictItem | CustomRecordView> {
  // every id is a UUID: anything else cannot exist, and must not reach PostgreSQL
  if (!isUuid(id)) throw notFound();
  if (code === 'custom') return recordView(db, reader.user, id);
  if (code === 'user') {
    const [exists] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.id, id));
    if (!exists) throw notFound();
    // outside the caller's visible orgs a user does not exist for them, as in every picker and search
    const org = await findOrg(db, exists.orgId);
    if (!org || !inScope(org, reader.scope)) throw notFound();
    return presentUser(await loadUserProfile(db, id));
  }
  if (code === 'org') {
    const org = await findOrg(db, id);
    if (!org || !inScope(org, reader.scope)) throw notFound();
    const leader = org.leaderUserId
      ? (await db.select({ realName: users.realName }).from(users).where(eq(users.id, org.leaderUserId)))[0]
      : undefined;
    return presentOrg(org, fullNameAndId(await orgLineage(db, org)).fullName, leader?.realName ?? null);
  }
  if (code === 'post') {
    const [post] = await db
      .select({ id: posts.id, code: posts.code, name: posts.name })
      .from(posts)
      .where(eq(posts.id, id));
    if (!post) throw notFound();
    return post;
  }
  const [item] = await db
    .select({ id: dictItems.id, typeCode: dictItems.typeCode, label: dictItems.label, value: dictItems.value })
    .from(dictItems)
    .where(eq(dictItems.id, id));
  if (!item) throw notFound();
  return item;
}
