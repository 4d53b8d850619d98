import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { hashPassword, verifyPassword } from '../../server/lib/password';

// scrypt's cost for the test templates' demo accounts: a sixteenth of the product's 16384
const TEST_COST = 1024;

/**
 * The test templates' demo accounts (123456, admin123) get their passwords hashed at a lower scrypt cost: the suite
 * signs in well over a thousand times, at about 45 ms of CPU each at the product's cost. A check reads the cost from
 * the stored hash, so every login still takes the product's path; a password set during a test gets the product's cost.
 */
export async function cheapenDemoPasswords(db: Db): Promise<void> {
  const stored = await db.selectDistinct({ hash: users.passwordHash }).from(users);
  for (const { hash } of stored) {
    for (const password of ['123456', 'admin123']) {
      if (!(await verifyPassword(password, hash))) continue;
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password, TEST_COST) })
        .where(eq(users.passwordHash, hash));
      break;
    }
  }
}
