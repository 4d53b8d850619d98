import { eq, or, and, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { namePinyin } from '../../lib/pinyin';

/**
 * A database seeded before the 拼音 columns existed has them empty (the migration cannot compute 拼音): fill them
 * once at start-up. Later starts find nothing to do (one scan of the users table).
 */
export async function backfillPinyin(db: Db): Promise<number> {
  const missing = await db
    .select({ id: users.id, realName: users.realName })
    .from(users)
    .where(and(ne(users.realName, ''), or(eq(users.pinyin, ''), eq(users.pinyinInitials, ''))));
  for (const user of missing) await db.update(users).set(namePinyin(user.realName)).where(eq(users.id, user.id));
  return missing.length;
}
