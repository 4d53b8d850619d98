import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { pushReplaceBody } from '@contract/push-schemas';
import type { Db } from '../../db/client';
import { pushSubscriptionDrops, pushSubscriptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * A browser renewed its push subscription (pushsubscriptionchange): its service worker, without a session, proves it
 * is the old subscription's browser by the old endpoint and auth secret (16 random bytes the browser made and only
 * this server was told), and the device row moves to the new subscription, keeping its person. Anything else is 403
 * and changes nothing. A new endpoint already stored (the page re-subscribed first, maybe signed in as someone else
 * since) keeps its row and its person, and the old row goes: the old secret never takes over another row.
 */
export async function replaceSubscription(tx: Db, body: z.infer<typeof pushReplaceBody>): Promise<null> {
  const [old] = await tx
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, body.oldEndpoint))
    .for('update');
  if (!old || !sameSecret(old.auth, body.oldAuth)) throw new AppError(403, '原推送订阅无效');
  const { endpoint, keys } = body.subscription;
  if (endpoint !== old.endpoint) {
    const [taken] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    if (taken) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
      return null;
    }
  }
  await tx
    .update(pushSubscriptions)
    .set({ endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .where(eq(pushSubscriptions.id, old.id));
  await tx.delete(pushSubscriptionDrops).where(eq(pushSubscriptionDrops.endpoint, endpoint));
  return null;
}
