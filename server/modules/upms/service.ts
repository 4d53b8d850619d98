import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedStatementDb, type Db } from '../../db/client';
import { dictItems, orgs, posts, sysConfig, userPosts, users } from '../../db/schema';
import type { SiteConfig } from '@contract/upms';
import { AppError } from '../../lib/app-error';
import type { OrgRef } from './org-lineage';

const defaultSiteConfig: SiteConfig = {
  webName: '协同办公系统',
  tenantId: '000000',
  tipConfig: { mobileTip: 'app' },
  upload: { maxSizeMb: 50, accept: '*' },
  watermark: false,
};

type Profile = { user: typeof users.$inferSelect; lineage: OrgRef[]; posts: { id: string; name: string }[] };
type ProfileStatement = {
  execute(values: {
    userId: string;
  }): Promise<(Profile['user'] & { lineage: OrgRef[] | null; posts: Profile['posts'] | null })[]>;
};
const preparedProfile = new WeakMap<Db, ProfileStatement>();

/**
 * The current user is asked for on every app start and every return to the app: one named statement, not four
 * queries (user, org, lineage, posts), each of which PGlite parsed and planned again on every call. The lineage is
 * read off the org's materialised path ('/<root>/…/<self>/'), in the path's order.
 */
function prepareProfile(db: Db): ProfileStatement {
  const own = alias(orgs, 'own_org');
  const userId = sql.placeholder('userId');
  const lineage = sql<
    OrgRef[] | null
  >`(select json_agg(json_build_object('id', o.id, 'name', o.name, 'type', o.type, 'path', o.path,
      'parentId', o.parent_id, 'leaderUserId', o.leader_user_id) order by strpos(${own.path}, '/' || o.id::text || '/'))
    from ${orgs} o where o.id = any(string_to_array(trim(both '/' from ${own.path}), '/')::uuid[]))`;
  const postList = sql<
    Profile['posts'] | null
  >`(select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.sort, p.id)
    from ${userPosts} up join ${posts} p on p.id = up.post_id where up.user_id = ${users.id})`;
  const query = preparedStatementDb(db)
    .select({ ...getTableColumns(users), lineage, posts: postList })
    .from(users)
    .leftJoin(own, eq(own.id, users.orgId))
    .where(eq(users.id, userId));
  return query.prepare('upms_user_profile') as unknown as ProfileStatement;
}

/** The user record, its org lineage and post ids (everything the current-user answer is built from). */
export async function loadUserProfile(db: Db, userId: string): Promise<Profile> {
  let statement = preparedProfile.get(db);
  if (!statement) preparedProfile.set(db, (statement = prepareProfile(db)));
  const [row] = await statement.execute({ userId });
  if (!row) throw new AppError(404, '用户不存在');
  const { lineage, posts: postRows, ...user } = row;
  return { user, lineage: lineage ?? [], posts: postRows ?? [] };
}

/**
 * The site config row over safe defaults; the upload limit always comes from the server config, and tipConfig.mobileTip
 * lists only the channels this server can deliver (`configured`, app first), in the stored list's order.
 */
export async function loadSiteConfig(db: Db, uploadMaxMb: number, configured: readonly string[]): Promise<SiteConfig> {
  const [row] = await db.select({ data: sysConfig.data }).from(sysConfig).where(eq(sysConfig.id, 1));
  const stored = (row?.data ?? {}) as Partial<SiteConfig>;
  return {
    ...defaultSiteConfig,
    ...stored,
    tipConfig: {
      ...defaultSiteConfig.tipConfig,
      ...stored.tipConfig,
      mobileTip: offeredChannels(stored.tipConfig?.mobileTip, configured),
    },
    upload: { ...defaultSiteConfig.upload, ...stored.upload, maxSizeMb: uploadMaxMb },
  };
}

/**
 * The reminder channels the reminder selector offers (tipConfig.mobileTip as a list): what a write falls back to for a
 * person who never chose in 我的 → 提醒方式, as the selector does.
 */
export async function offeredReminderChannels(db: Db, configured: readonly string[]): Promise<string[]> {
  const [row] = await db.select({ data: sysConfig.data }).from(sysConfig).where(eq(sysConfig.id, 1));
  return offeredChannels((row?.data as Partial<SiteConfig> | undefined)?.tipConfig?.mobileTip, configured).split(',');
}

/** The stored list of reminder channels (comma-separated) less those not configured; the app channel is always offered. */
function offeredChannels(stored: string | undefined, configured: readonly string[]): string {
  const listed = (stored ?? defaultSiteConfig.tipConfig.mobileTip).split(',').map((c) => c.trim());
  return ['app', ...listed.filter((c) => c !== 'app' && configured.includes(c))]
    .filter((c, i, all) => all.indexOf(c) === i)
    .join(',');
}

/** Items of one dictionary type in display order (unknown type → none). */
export async function listDictItems(db: Db, type: string) {
  return db
    .select({ label: dictItems.label, value: dictItems.value, sort: dictItems.sort, cssClass: dictItems.cssClass })
    .from(dictItems)
    .where(eq(dictItems.typeCode, type))
    .orderBy(asc(dictItems.sort), asc(dictItems.label));
}

/** Active users by id, in the order asked; 400 when one is missing or disabled. */
export async function requireActiveUsers(tx: Db, ids: string[]): Promise<{ id: string; realName: string }[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: users.id, realName: users.realName })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, 'active')));
  if (rows.length !== unique.length) throw new AppError(400, '所选人员不存在或已停用');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}
