import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { namePinyin } from '../../lib/pinyin';

/** Rows per UPDATE: one statement per batch instead of one per user. */
const BATCH = 1000;

/**
 * A database seeded before the 拼音 columns existed has them empty (the migration cannot compute 拼音): fill them
 * once at start-up. Later starts find nothing to do (one scan of the users table). Staff imported straight into the
 * table (10,000 at once) are written in batches: one UPDATE per user took longer than the server's start-up allows.
 */
export async function backfillPinyin(db: Db, batch = BATCH): Promise<number> {
  const missing = await db
    .select({ id: users.id, realName: users.realName })
    .from(users)
    .where(and(ne(users.realName, ''), or(eq(users.pinyin, ''), eq(users.pinyinInitials, ''))));
  for (let from = 0; from < missing.length; from += batch) {
    const rows = missing.slice(from, from + batch).map((user) => {
      const { pinyin, pinyinInitials } = namePinyin(user.realName);
      return sql`(${user.id}::uuid, ${pinyin}, ${pinyinInitials})`;
    });
    await db.execute(sql`update ${users} set pinyin = v.pinyin, pinyin_initials = v.initials
      from (values ${sql.join(rows, sql`, `)}) as v(id, pinyin, initials) where ${users.id} = v.id`);
  }
  return missing.length;
}
