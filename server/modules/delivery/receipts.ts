import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PushPayload, PushReceiptEvent } from '@contract/push';
import type { Db } from '../../db/client';
import { messageDeliveries, outboundDeliveries, pushSubscriptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { STOPPED, stopLadder } from './escalation';

/** sha256 (hex) of a receipt token: what outbound_deliveries keeps, so a database reader cannot forge receipts. */
export const receiptHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The payload of one push: the message, a fresh one-time receipt token (144 random bits, its hash stored on the row
 * before the push leaves, so a receipt can never arrive before its hash) and the receiver's unread message count for
 * the app icon badge. A retry makes a new token: the copy that may have reached the device before is replaced by Topic.
 */
export async function preparePush(
  db: Db,
  row: { id: string; receiverId: string },
  message: Omit<PushPayload, 'receipt' | 'badge'>,
): Promise<PushPayload> {
  const receipt = randomBytes(18).toString('base64url');
  await db
    .update(outboundDeliveries)
    .set({ receiptHash: receiptHash(receipt) })
    .where(eq(outboundDeliveries.id, row.id));
  // the same number the home page puts on the icon (src/features/home/app-badge.ts): the unread in-app messages
  const [unread] = await db
    .select({ n: count() })
    .from(messageDeliveries)
    .where(
      and(
        eq(messageDeliveries.receiverId, row.receiverId),
        sql`${messageDeliveries.channel} = 'app'`,
        sql`${messageDeliveries.read} = false`,
      ),
    );
  return { ...message, receipt, badge: Number(unread?.n ?? 0) };
}

/**
 * POST /api/push/receipts: the device's service worker reports a push shown or tapped. The token alone authorises
 * that one receipt, once per event: an unknown token is 404 and a repeated one 409, and neither changes anything.
 * A tap also counts as shown when the shown receipt was lost on the way.
 */
export async function recordReceipt(tx: Db, token: string, event: PushReceiptEvent): Promise<null> {
  const hash = receiptHash(token);
  const stamp = event === 'shown' ? outboundDeliveries.shownAt : outboundDeliveries.openedAt;
  const [marked] = await tx
    .update(outboundDeliveries)
    .set(
      event === 'shown'
        ? { shownAt: sql`now()` }
        : { openedAt: sql`now()`, shownAt: sql`coalesce(${outboundDeliveries.shownAt}, now())` },
    )
    .where(and(eq(outboundDeliveries.receiptHash, hash), isNull(stamp)))
    .returning({
      subscriptionId: outboundDeliveries.subscriptionId,
      deliveryId: outboundDeliveries.deliveryId,
      shownAt: outboundDeliveries.shownAt,
      openedAt: outboundDeliveries.openedAt,
    });
  if (!marked) {
    const [known] = await tx
      .select({ id: outboundDeliveries.id })
      .from(outboundDeliveries)
      .where(eq(outboundDeliveries.receiptHash, hash));
    throw known ? new AppError(409, '该回执已记录') : new AppError(404, '回执无效');
  }
  // the person has it: the channels still waiting on the escalation ladder stay unsent
  const [delivery] = await tx
    .select({ messageId: messageDeliveries.messageId, receiverId: messageDeliveries.receiverId })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.id, marked.deliveryId));
  if (delivery) await stopLadder(tx, delivery.messageId, delivery.receiverId, STOPPED.shown);
  // shown now, or by this tap (now() is one time in a transaction): the device's last shown notification, for
  // 我的 → 消息通知, unless a later one was shown there already
  const shownNow = event === 'shown' || marked.shownAt?.getTime() === marked.openedAt?.getTime();
  if (!shownNow || !marked.subscriptionId || !marked.shownAt) return null;
  await tx
    .update(pushSubscriptions)
    .set({
      lastShownAt: marked.shownAt,
      lastShownTitle: sql`(select m.title from message_deliveries d join messages m on m.id = d.message_id
        where d.id = ${marked.deliveryId})`,
    })
    .where(
      and(
        eq(pushSubscriptions.id, marked.subscriptionId),
        or(isNull(pushSubscriptions.lastShownAt), lt(pushSubscriptions.lastShownAt, marked.shownAt)),
      ),
    );
  return null;
}
