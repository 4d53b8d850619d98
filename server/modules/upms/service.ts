import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictItems, posts, sysConfig, userPosts, users } from '../../db/schema';
import type { SiteConfig } from '@contract/upms';
import { AppError } from '../../lib/app-error';
import { findOrg, orgLineage } from './org-lineage';

const defaultSiteConfig: SiteConfig = {
  webName: '协同办公系统',
  tenantId: '000000',
  tipConfig: { mobileTip: 'app' },
  upload: { maxSizeMb: 50, accept: '*' },
  watermark: false,
};

/** The user record, its org lineage and post ids (everything the current-user answer is built from). */
export async function loadUserProfile(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, '用户不存在');
  const org = await findOrg(db, user.orgId);
  const lineage = org ? await orgLineage(db, org) : [];
  const postRows = await db
    .select({ id: posts.id, name: posts.name })
    .from(userPosts)
    .innerJoin(posts, eq(posts.id, userPosts.postId))
    .where(eq(userPosts.userId, userId))
    .orderBy(asc(posts.sort));
  return { user, lineage, posts: postRows };
}

/** The site config row over safe defaults; the upload limit always comes from the server config. */
export async function loadSiteConfig(db: Db, uploadMaxMb: number): Promise<SiteConfig> {
  const [row] = await db.select({ data: sysConfig.data }).from(sysConfig).where(eq(sysConfig.id, 1));
  const stored = (row?.data ?? {}) as Partial<SiteConfig>;
  return {
    ...defaultSiteConfig,
    ...stored,
    tipConfig: { ...defaultSiteConfig.tipConfig, ...stored.tipConfig },
    upload: { ...defaultSiteConfig.upload, ...stored.upload, maxSizeMb: uploadMaxMb },
  };
}

/** Items of one dictionary type in display order (unknown type → none). */
export async function listDictItems(db: Db, type: string) {
  return db
    .select({ label: dictItems.label, value: dictItems.value, sort: dictItems.sort, cssClass: dictItems.cssClass })
    .from(dictItems)
    .where(eq(dictItems.typeCode, type))
    .orderBy(asc(dictItems.sort), asc(dictItems.label));
}
