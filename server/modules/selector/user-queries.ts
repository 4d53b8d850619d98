import { and, asc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgUserCounts, orgs, posts, userPosts, users } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { isPinyinKeyword } from '../../lib/pinyin';
import { escapeLike, likePattern } from '../../lib/validate';
import type { UserRowForNode } from './presenter';

const SEARCH_LIMIT = 50;
// a user's posts come from the user_posts primary key (user_id first), one index probe per listed user
const postNames = sql<
  string | null
>`(select string_agg(${posts.name}, '、' order by ${posts.sort}) from ${userPosts} join ${posts} on ${posts.id} = ${userPosts.postId} where ${userPosts.userId} = ${users.id})`;
const userColumns = {
  id: users.id,
  realName: users.realName,
  orgId: users.orgId,
  orgName: orgs.name,
  avatar: users.avatar,
  mobile: users.mobile,
  email: users.email,
  postName: postNames,
};
const active = eq(users.status, 'active');

/** Active users matching a condition, with their department name, in org display order. */
export async function selectUsers(db: Db, where: SQL | undefined, limit = 5000): Promise<UserRowForNode[]> {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(active, where))
    .orderBy(asc(users.sort), asc(users.realName))
    .limit(limit);
}

/** Ids and paths of every org whose path starts with a prefix (one indexed range scan). */
export async function orgsUnder(db: Db, pathPrefix: string) {
  return db
    .select({ id: orgs.id, path: orgs.path })
    .from(orgs)
    .where(like(orgs.path, `${pathPrefix}%`));
}

/** Active users per org id, for the given orgs: the kept counts (org_user_counts), one primary-key probe per org. */
export async function activeUsersPerOrg(db: Db, orgIds: string[]): Promise<Map<string, number>> {
  if (!orgIds.length) return new Map();
  const rows = await db
    .select({ orgId: orgUserCounts.orgId, n: orgUserCounts.active })
    .from(orgUserCounts)
    .where(inArray(orgUserCounts.orgId, orgIds));
  return new Map(rows.map((r) => [r.orgId, r.n]));
}

/**
 * Search by real name (anywhere in it), 拼音 full or initials, user name or mobile (from the start). Names go through the GIN index over
 * 1–2 character grams (a 2-character Chinese name is one index probe) and ILIKE rechecks the whole keyword; user
 * name and mobile are indexed prefix matches. `pathPrefix` limits the result to an org subtree.
 */
export async function searchUsers(db: Db, keyword: string, pathPrefix: string | null): Promise<UserRowForNode[]> {
  const grams = keywordGrams(keyword);
  if (!grams.length) return [];
  const gramArray = sql`ARRAY[${sql.join(
    grams.map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  const prefix = `${escapeLike(keyword.toLowerCase())}%`;
  return selectUsers(
    db,
    and(
      or(
        and(sql`${users.searchGrams} @> ${gramArray}`, ilike(users.realName, likePattern(keyword))),
        like(users.username, prefix),
        like(users.mobile, prefix),
        // `zs` and `zhangs` both find 张三: prefix matches on the stored 拼音 keys (text_pattern_ops indexes)
        ...(isPinyinKeyword(keyword) ? [like(users.pinyin, prefix), like(users.pinyinInitials, prefix)] : []),
      ),
      pathPrefix ? like(orgs.path, `${pathPrefix}%`) : undefined,
    ),
    SEARCH_LIMIT,
  );
}
