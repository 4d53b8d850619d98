import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { orgs, users } from '../../server/db/schema';
import { searchGrams } from '../../server/lib/search-grams';
import { namePinyin } from '../../server/lib/pinyin';

const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈';
const given = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建国志文斌宇浩凯丹晨欣怡佳琪子涵梓轩';

/** Adds `count` staff spread over the leaf departments (names drawn from common Chinese names); returns the org sizes. */
export async function seedExtraUsers(db: Db, count: number): Promise<{ orgId: string; users: number }[]> {
  const all = await db.select({ id: orgs.id, parentId: orgs.parentId }).from(orgs);
  const parents = new Set(all.map((o) => o.parentId));
  const leaves = all.filter((o) => !parents.has(o.id)).map((o) => o.id);
  const rows = Array.from({ length: count }, (_, i) => {
    const realName =
      surnames[i % surnames.length]! +
      given[Math.floor(i / surnames.length) % given.length]! +
      (i % 3 === 0 ? given[(i * 7) % given.length]! : '');
    const username = `bench${String(i).padStart(5, '0')}`;
    return {
      username,
      realName,
      passwordHash: 'bench-user-cannot-log-in',
      orgId: leaves[i % leaves.length]!,
      mobile: `139${String(i).padStart(8, '0')}`,
      sort: 1000 + i,
      searchGrams: searchGrams([realName]),
      ...namePinyin(realName),
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(users).values(rows.slice(i, i + 1000));
  await db.execute(sql`analyze users`);
  const sizes = await db
    .select({ orgId: users.orgId, n: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.orgId);
  return sizes.map((s) => ({ orgId: s.orgId, users: Number(s.n) })).sort((a, b) => b.users - a.users);
}

/** Puts `count` in-app messages into one user's inbox (one INSERT … SELECT each for messages and deliveries). */
export async function seedInbox(db: Db, username: string, count: number): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  await db.execute(sql`
    with m as (
      insert into messages (sender_id, title, content, channels, created_at)
      select ${user.id}, '压测消息 ' || g || (case when g % 5 = 0 then ' 请假审批' else ' 会议通知' end), '内容 ' || g, array['app'],
             now() - (g || ' minutes')::interval
      from generate_series(1, ${count}) g
      returning id, created_at
    )
    insert into message_deliveries (message_id, receiver_id, channel, status, created_at)
    select id, ${user.id}, 'app', 'unread', created_at from m`);
  await db.execute(sql`analyze messages`);
  await db.execute(sql`analyze message_deliveries`);
}
