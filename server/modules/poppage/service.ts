import { eq } from 'drizzle-orm';
import type { PopDictItem, PopOrg, PopPageBody, PopPost, PopUser } from '@contract/poppage';
import type { Db } from '../../db/client';
import { dictItems, posts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/validate';
import { findOrg, fullNameAndId, orgLineage } from '../upms/org-lineage';
import { loadUserProfile } from '../upms/service';
import { presentOrg, presentUser } from './presenter';

const notFound = () => new AppError(404, '数据不存在');

/** One record for a pop-up page, presented by kind (never a raw row). */
export async function getPopData(db: Db, { code, id }: PopPageBody): Promise<PopUser | PopOrg | PopPost | PopDictItem> {
  // every id is a UUID: anything else cannot exist, and must not reach PostgreSQL
  if (!isUuid(id)) throw notFound();
  if (code === 'user') {
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!exists) throw notFound();
    return presentUser(await loadUserProfile(db, id));
  }
  if (code === 'org') {
    const org = await findOrg(db, id);
    if (!org) throw notFound();
    const leader = org.leaderUserId
      ? (await db.select({ realName: users.realName }).from(users).where(eq(users.id, org.leaderUserId)))[0]
      : undefined;
    return presentOrg(org, fullNameAndId(await orgLineage(db, org)).fullName, leader?.realName ?? null);
  }
  if (code === 'post') {
    const [post] = await db.select({ id: posts.id, code: posts.code, name: posts.name }).from(posts).where(eq(posts.id, id));
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
