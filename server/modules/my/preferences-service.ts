import { eq, sql } from 'drizzle-orm';
import { completeChannelOrder, type MyPreferences } from '@contract/my';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { userPreferences, users } from '../../db/schema';
import { presentPreferences } from './presenter';

/** The caller's settings, or the defaults when they never saved any. */
export async function loadPreferences(db: Db, userId: string): Promise<MyPreferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return presentPreferences(row);
}

type Change =
  | { reminderChannels: ReminderChannel[] }
  | { opinionPhrases: string[] }
  | { channelOrder: string[]; quietStart: string | null; quietEnd: string | null };

/** Saves one setting (upsert), keeping the others as they were. */
export async function savePreference(tx: Db, userId: string, change: Change): Promise<MyPreferences> {
  const current = await loadPreferences(tx, userId);
  await tx
    .insert(userPreferences)
    .values({ userId, reminderChannels: current.reminderChannels, opinionPhrases: current.opinionPhrases, ...change })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...change, updatedAt: sql`now()` } });
  return loadPreferences(tx, userId);
}

/** 我的 → 提醒方式: the escalation order (completed with the channels left out) and 免打扰 (null: off). */
export const saveEscalation = (
  tx: Db,
  userId: string,
  body: { channelOrder: string[]; quietHours: { start: string; end: string } | null },
) =>
  savePreference(tx, userId, {
    channelOrder: completeChannelOrder(body.channelOrder),
    quietStart: body.quietHours?.start ?? null,
    quietEnd: body.quietHours?.end ?? null,
  });

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
