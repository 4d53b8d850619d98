import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { vapidKeys } from '../../db/schema';

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

const KEY_ID = 'push';

async function loadOrCreate(db: Db): Promise<VapidKeyPair> {
  const [found] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, KEY_ID));
  if (found) return found;
  const made = webPush.generateVAPIDKeys();
  // two processes may race here: the first insert wins and both read it back, so every process signs alike
  await db
    .insert(vapidKeys)
    .values({ id: KEY_ID, ...made })
    .onConflictDoNothing();
  const [stored] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, KEY_ID));
  if (!stored) throw new Error('vapid key was not stored');
  return stored;
}

/** The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set, else made once in the database. */
export function createVapidKeys(db: Db, config: ServerConfig['push']): () => Promise<VapidKeyPair> {
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    const pair = { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
    return async () => pair;
  }
  let pair: Promise<VapidKeyPair> | null = null;
  return () => {
    pair ??= loadOrCreate(db).catch((error: unknown) => {
      pair = null;
      throw error;
    });
    return pair;
  };
}
