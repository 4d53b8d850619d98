import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { toCount } from '../client';
import * as t from '../schema';
import { hashPassword } from '../../lib/password';
import { searchGrams } from '../../lib/search-grams';
import { namePinyin } from '../../lib/pinyin';
import { demoId } from './demo-ids';
import { demoGroups, demoOrgs, demoPosts, demoRoles } from './org-data';
import { demoLeaders, demoPeople } from './people';
import { demoDicts, demoSiteConfig } from './dict-data';
import { seedFlows } from './flow-seed';
import { seedMeetings } from './meeting-seed';
import { seedCustomModels } from './custom-seed';
import { seedNews } from './news-seed';
import { seedMail } from './mail-seed';

/** True when the database already holds users (the seed then does nothing). */
export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.users);
  return toCount(row?.n) > 0;
}

function orgPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const org of demoOrgs) {
    const parentPath = org.parent ? paths.get(org.parent) : '/';
    paths.set(org.key, `${parentPath}${demoId(`org:${org.key}`)}/`);
  }
  return paths;
}

/** Seeds the demo organisation in one transaction; returns false (and changes nothing) if users already exist. */
export async function seedDemo(db: Db): Promise<boolean> {
  // scrypt is deliberately slow: hash the two demo passwords once and share salt + hash (fine for demo data only)
  const staffHash = await hashPassword('123456');
  const adminHash = await hashPassword('admin123');
  return db.transaction(async (tx) => {
    if (await isSeeded(tx)) return false;
    const paths = orgPaths();
    await tx.insert(t.orgs).values(
      demoOrgs.map((org, i) => ({
        id: demoId(`org:${org.key}`),
        parentId: org.parent ? demoId(`org:${org.parent}`) : null,
        name: org.name,
        type: org.type,
        path: paths.get(org.key)!,
        sort: i,
      })),
    );
    await tx
      .insert(t.posts)
      .values(demoPosts.map((p, i) => ({ id: demoId(`post:${p.code}`), code: p.code, name: p.name, sort: i })));
    await tx
      .insert(t.roles)
      .values(demoRoles.map((r) => ({ id: demoId(`role:${r.code}`), code: r.code, name: r.name })));
    await tx
      .insert(t.rolePermissions)
      .values(
        demoRoles.flatMap((r) => r.permissions.map((permission) => ({ roleId: demoId(`role:${r.code}`), permission }))),
      );
    await tx.insert(t.users).values(
      demoPeople.map(([username, realName, orgKey, , gender], i) => {
        const mobile = `138${String(10000000 + i * 7919).slice(-8)}`;
        return {
          id: demoId(`user:${username}`),
          username,
          realName,
          passwordHash: username === 'admin' ? adminHash : staffHash,
          orgId: demoId(`org:${orgKey}`),
          mobile,
          email: `${username}@huasheng.example.com`,
          gender,
          sort: i,
          searchGrams: searchGrams([realName]),
          ...namePinyin(realName),
        };
      }),
    );
    await tx.insert(t.userPosts).values(
      demoPeople.map(([username, , , post]) => ({
        userId: demoId(`user:${username}`),
        postId: demoId(`post:${post}`),
      })),
    );
    await tx.insert(t.userRoles).values(
      demoPeople.flatMap(([username, , , , , extra]) =>
        [...new Set(['staff', ...extra])].map((code) => ({
          userId: demoId(`user:${username}`),
          roleId: demoId(`role:${code}`),
        })),
      ),
    );
    for (const [orgKey, username] of Object.entries(demoLeaders)) {
      await tx
        .update(t.orgs)
        .set({ leaderUserId: demoId(`user:${username}`) })
        .where(eq(t.orgs.id, demoId(`org:${orgKey}`)));
    }
    await seedGroups(tx);
    await seedDicts(tx);
    await seedFlows(tx);
    await seedMeetings(tx);
    await seedCustomModels(tx);
    await seedNews(tx);
    await seedMail(tx);
    return true;
  });
}

async function seedGroups(tx: Db): Promise<void> {
  await tx.insert(t.groups).values(
    demoGroups.map((g, i) => ({
      id: demoId(`group:${g.key}`),
      name: g.name,
      ownerId: g.owner ? demoId(`user:${g.owner}`) : null,
      isPublic: g.owner === null,
      sort: i,
    })),
  );
  await tx
    .insert(t.groupMembers)
    .values(
      demoGroups.flatMap((g) =>
        g.members.map((u, i) => ({ groupId: demoId(`group:${g.key}`), userId: demoId(`user:${u}`), sort: i })),
      ),
    );
}

async function seedDicts(tx: Db): Promise<void> {
  await tx.insert(t.dictTypes).values(Object.entries(demoDicts).map(([code, [name]]) => ({ code, name })));
  await tx.insert(t.dictItems).values(
    Object.entries(demoDicts).flatMap(([code, [, items]]) =>
      items.map(([label, value, cssClass], sort) => ({
        id: demoId(`dict:${code}:${value}`),
        typeCode: code,
        label,
        value,
        sort,
        cssClass: cssClass ?? null,
      })),
    ),
  );
  await tx.insert(t.sysConfig).values({ id: 1, data: demoSiteConfig }).onConflictDoNothing();
}
