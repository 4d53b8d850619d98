// Writes checked rows into the database (in the caller's transaction) and reports what changed.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { eq, inArray, isNull, max } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { orgs, posts, roles, userPosts, userRoles, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/password';
import { namePinyin } from '../server/lib/pinyin';
import { searchGrams } from '../server/lib/search-grams';
import type { KnownState, PersonRow } from './org-import-check';

export interface ImportReport {
  createdDepartments: string[];
  created: string[];
  updated: string[];
  moved: string[];
  heads: string[];
  unchanged: number;
  /** user name → initial password of each new person */
  initialPasswords: [string, string][];
}

type OrgRow = { id: string; parentId: string | null; name: string; path: string };

/** The department names from the root to an org, by its materialised path of ids. */
function namesOf(org: OrgRow, byId: Map<string, OrgRow>): string[] {
  return org.path
    .split('/')
    .filter(Boolean)
    .map((id) => byId.get(id)?.name ?? '?');
}

/** Reads what the checks need: the roots, the roles, and where the users the file names sit now. */
export async function loadKnownState(tx: Db, usernames: string[]): Promise<KnownState> {
  const allOrgs: OrgRow[] = await tx
    .select({ id: orgs.id, parentId: orgs.parentId, name: orgs.name, path: orgs.path })
    .from(orgs);
  const byId = new Map(allOrgs.map((o) => [o.id, o]));
  const existing = usernames.length
    ? await tx
        .select({ username: users.username, orgId: users.orgId })
        .from(users)
        .where(inArray(users.username, usernames))
    : [];
  return {
    rootNames: allOrgs.filter((o) => !o.parentId).map((o) => o.name),
    roles: await tx.select({ id: roles.id, code: roles.code, name: roles.name }).from(roles),
    userPaths: new Map(existing.map((u) => [u.username, namesOf(byId.get(u.orgId)!, byId)])),
  };
}

/** An initial password that passes the strength rule (letters and digits), without look-alike characters. */
function initialPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[randomInt(letters.length)]!, digits[randomInt(digits.length)]!];
  while (chars.length < 12) chars.push(all[randomInt(all.length)]!);
  return chars.sort(() => randomInt(3) - 1).join('');
}

const ORG_TYPES = ['group', 'company'] as const;

/** Imports checked people: departments along each path, posts by name, people by 账号 (created, updated, moved). */
export async function importPeople(tx: Db, people: PersonRow[]): Promise<ImportReport> {
  const report: ImportReport = {
    createdDepartments: [],
    created: [],
    updated: [],
    moved: [],
    heads: [],
    unchanged: 0,
    initialPasswords: [],
  };
  const allOrgs: OrgRow[] = await tx
    .select({ id: orgs.id, parentId: orgs.parentId, name: orgs.name, path: orgs.path })
    .from(orgs);
  const byId = new Map(allOrgs.map((o) => [o.id, o]));
  const orgIdOf = new Map(allOrgs.map((o) => [namesOf(o, byId).join('/'), o.id]));

  async function ensureDepartment(path: string[]): Promise<string> {
    const key = path.join('/');
    const known = orgIdOf.get(key);
    if (known) return known;
    const parentId = path.length > 1 ? await ensureDepartment(path.slice(0, -1)) : null;
    const [last] = await tx
      .select({ sort: max(orgs.sort) })
      .from(orgs)
      .where(parentId ? eq(orgs.parentId, parentId) : isNull(orgs.parentId));
    const id = randomUUID();
    const org = { id, parentId, name: path.at(-1)!, path: `${parentId ? byId.get(parentId)!.path : '/'}${id}/` };
    // the first level is the group, the second its companies (the selector scopes people to their company), then departments
    await tx.insert(orgs).values({ ...org, type: ORG_TYPES[path.length - 1] ?? 'dept', sort: (last?.sort ?? -1) + 1 });
    byId.set(id, org);
    orgIdOf.set(key, id);
    report.createdDepartments.push(key);
    return id;
  }

  const postIds = new Map((await tx.select({ id: posts.id, name: posts.name }).from(posts)).map((p) => [p.name, p.id]));
  async function ensurePost(name: string): Promise<string> {
    const known = postIds.get(name);
    if (known) return known;
    const [last] = await tx.select({ sort: max(posts.sort) }).from(posts);
    const code = `post_${createHash('sha1').update(name).digest('hex').slice(0, 10)}`;
    const [row] = await tx
      .insert(posts)
      .values({ code, name, sort: (last?.sort ?? -1) + 1 })
      .returning({ id: posts.id });
    postIds.set(name, row!.id);
    return row!.id;
  }

  const [staff] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'staff'));
  const existing = new Map(
    (
      await tx
        .select()
        .from(users)
        .where(
          inArray(
            users.username,
            people.map((p) => p.username),
          ),
        )
    ).map((u) => [u.username, u]),
  );
  const [lastSort] = await tx.select({ sort: max(users.sort) }).from(users);
  let nextSort = (lastSort?.sort ?? -1) + 1;
  const passwords = new Map(
    people.filter((p) => !existing.has(p.username)).map((p) => [p.username, initialPassword()]),
  );
  // scrypt runs on libuv's pool: hashing all at once uses its threads side by side
  const hashes = new Map(
    await Promise.all([...passwords].map(async ([name, pw]) => [name, await hashPassword(pw)] as const)),
  );
  /** where each person of the file sits after the import (a 上级 may move in the same file) */
  const finalOrg = new Map<string, string>();

  for (const person of people) {
    const orgId = await ensureDepartment(person.path);
    const postId = person.post ? await ensurePost(person.post) : null;
    const label = `${person.username}（${person.realName}）`;
    const current = existing.get(person.username);
    finalOrg.set(person.username, orgId);
    if (!current) {
      const [row] = await tx
        .insert(users)
        .values({
          username: person.username,
          realName: person.realName,
          passwordHash: hashes.get(person.username)!,
          mustChangePassword: true,
          orgId,
          mobile: person.mobile,
          email: person.email,
          sort: nextSort++,
          searchGrams: searchGrams([person.realName]),
          ...namePinyin(person.realName),
        })
        .returning({ id: users.id });
      if (postId) await tx.insert(userPosts).values({ userId: row!.id, postId });
      const roleIds = [...new Set([...(staff ? [staff.id] : []), ...person.roleIds])];
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
      report.created.push(`${label} → ${person.path.join('/')}`);
      report.initialPasswords.push([person.username, passwords.get(person.username)!]);
      continue;
    }
    const changed: string[] = [];
    const set: Partial<typeof users.$inferInsert> = {};
    if (current.realName !== person.realName) {
      Object.assign(set, {
        realName: person.realName,
        searchGrams: searchGrams([person.realName]),
        ...namePinyin(person.realName),
      });
      changed.push('姓名');
    }
    // an empty 手机 or 邮箱 cell keeps what is stored: a partial export must not wipe contact details
    if (person.mobile && current.mobile !== person.mobile) {
      set.mobile = person.mobile;
      changed.push('手机');
    }
    if (person.email && current.email !== person.email) {
      set.email = person.email;
      changed.push('邮箱');
    }
    if (current.orgId !== orgId) {
      set.orgId = orgId;
      report.moved.push(`${label}：${namesOf(byId.get(current.orgId)!, byId).join('/')} → ${person.path.join('/')}`);
    }
    if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, current.id));
    if (postId) {
      const held = await tx
        .select({ postId: userPosts.postId })
        .from(userPosts)
        .where(eq(userPosts.userId, current.id));
      if (held.length !== 1 || held[0]!.postId !== postId) {
        await tx.delete(userPosts).where(eq(userPosts.userId, current.id));
        await tx.insert(userPosts).values({ userId: current.id, postId });
        changed.push('岗位');
      }
    }
    if (person.roleIds.length) {
      // roles named in the file are added; roles given elsewhere (系统管理员) are never taken away by an import
      const added = await tx
        .insert(userRoles)
        .values(person.roleIds.map((roleId) => ({ userId: current.id, roleId })))
        .onConflictDoNothing()
        .returning({ roleId: userRoles.roleId });
      if (added.length) changed.push('角色');
    }
    if (changed.length) report.updated.push(`${label}：${changed.join('、')}`);
    if (!changed.length && set.orgId === undefined) report.unchanged++;
  }

  // each 上级 heads the department they sit in (checked: it is the person's own or one above it)
  const heads = new Map<string, string>();
  for (const person of people) {
    if (!person.superior) continue;
    const [superior] = await tx
      .select({ id: users.id, orgId: users.orgId })
      .from(users)
      .where(eq(users.username, person.superior));
    heads.set(finalOrg.get(person.superior) ?? superior!.orgId, superior!.id);
  }
  for (const [orgId, headId] of heads) {
    const [org] = await tx.select({ leader: orgs.leaderUserId }).from(orgs).where(eq(orgs.id, orgId));
    if (org?.leader === headId) continue;
    await tx.update(orgs).set({ leaderUserId: headId }).where(eq(orgs.id, orgId));
    const [head] = await tx.select({ username: users.username }).from(users).where(eq(users.id, headId));
    report.heads.push(`${namesOf(byId.get(orgId)!, byId).join('/')} → ${head!.username}`);
  }
  return report;
}
