import { eq, sql } from 'drizzle-orm';
import type { MyPreferences } from '@contract/my';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { userPreferences, users } from '../../db/schema';
import { presentPreferences } from './presenter';

/** The caller's settings, or the defaults when they never saved any. */
export async function loadPreferences(db: Db, userId: string): Promise<MyPreferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return presentPreferences(row);
}

type Change = { reminderChannels: ReminderChannel[] } | { opinionPhrases: string[] };

/** Saves one setting (upsert), keeping the other as it was. */
export async function savePreference(tx: Db, userId: string, change: Change): Promise<MyPreferences> {
  const current = await loadPreferences(tx, userId);
  const next = { ...current, ...change };
  await tx
    .insert(userPreferences)
    .values({ userId, reminderChannels: next.reminderChannels, opinionPhrases: next.opinionPhrases })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...change, updatedAt: sql`now()` } });
  return next;
}

/** Avatar or signature image (a data URL; null removes it). */
export async function saveImage(
  tx: Db,
  userId: string,
  kind: 'avatar' | 'signImg',
  image: string | null,
): Promise<void> {
  await tx
    .update(users)
    .set({ [kind]: image })
    .where(eq(users.id, userId));
}
