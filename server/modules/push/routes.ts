import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { pushReceiptBody, pushReplaceBody, pushSubscriptionBody, pushUnsubscribeBody } from '@contract/push-schemas';
import type { DroppedPushEndpoints, PushDevice } from '@contract/push';
import { pushSubscriptionDrops, pushSubscriptions } from '../../db/schema';
import { AppError, ok } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { recordMessage } from '../message/service';
import { recordReceipt } from '../delivery/receipts';
import { isAllowedPushEndpoint } from './endpoint-allowlist';
import { replaceSubscription } from './replace';

/**
 * Web Push devices of the signed-in person (the VAPID key, subscribe, unsubscribe, list, dropped ones), and the two
 * calls of a device's service worker, which has no session: receipts and a renewed subscription.
 */
export async function pushRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: [app.authenticate] };

  app.get('/api/push/vapid-public-key', auth, async () => ok((await app.vapidKeys()).publicKey));

  app.get('/api/push/subscriptions', auth, async (request) => {
    const rows = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, currentUser(request).id));
    const devices: (PushDevice & { endpoint: string })[] = rows.map((r) => ({
      id: r.id,
      endpoint: r.endpoint,
      endpointOrigin: new URL(r.endpoint).origin,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
      lastShown: r.lastShownAt ? { title: r.lastShownTitle ?? '', at: r.lastShownAt.toISOString() } : null,
    }));
    return ok(devices);
  });

  app.post('/api/push/subscriptions', { ...auth, schema: { body: pushSubscriptionBody } }, async (request) => {
    const { endpoint, keys } = request.body;
    if (!isAllowedPushEndpoint(endpoint, app.config.push.endpointAllowlist))
      throw new AppError(400, '不支持的推送服务地址');
    const userId = currentUser(request).id;
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    return writeTransaction(
      request,
      async (tx) => {
        // one endpoint is one browser: signed in as someone else now, it becomes theirs
        await tx
          .insert(pushSubscriptions)
          .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: keys.p256dh, auth: keys.auth, userAgent },
          });
        // this device pushes again: the app stops saying its push has died
        const forget = [endpoint, request.body.replaces].filter((e): e is string => !!e);
        await tx
          .delete(pushSubscriptionDrops)
          .where(and(eq(pushSubscriptionDrops.userId, userId), inArray(pushSubscriptionDrops.endpoint, forget)));
        return null;
      },
      '已开启本机消息通知',
    );
  });

  app.post('/api/push/test', auth, async (request) => {
    const user = currentUser(request);
    return writeTransaction(
      request,
      (tx) =>
        recordMessage(tx, app.deliverableChannels, user.id, {
          title: '测试通知',
          content: '本机消息通知已开启，待办、审批结果和会议提醒会在这里通知您。',
          receiverIds: [user.id],
          channels: ['app'],
          link: '/myCenter/index',
        }),
      '测试通知已发送',
    );
  });

  app.delete('/api/push/subscriptions', { ...auth, schema: { body: pushUnsubscribeBody } }, async (request) => {
    const userId = currentUser(request).id;
    return writeTransaction(
      request,
      async (tx) => {
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, request.body.endpoint)));
        return null;
      },
      '已关闭本机消息通知',
    );
  });

  // The device's service worker, which has no session (and sends no cookies): the receipt token alone authorises it.
  app.post('/api/push/receipts', { schema: { body: pushReceiptBody } }, async (request) =>
    writeTransaction(request, (tx) => recordReceipt(tx, request.body.token, request.body.event)),
  );

  // pushsubscriptionchange: the service worker has no session either; the old endpoint and its auth secret, which only
  // that browser and this server know, authorise moving the device to its new subscription (replace.ts).
  app.post('/api/push/subscriptions/replace', { schema: { body: pushReplaceBody } }, async (request) => {
    if (!isAllowedPushEndpoint(request.body.subscription.endpoint, app.config.push.endpointAllowlist))
      throw new AppError(400, '不支持的推送服务地址');
    return writeTransaction(request, (tx) => replaceSubscription(tx, request.body), '已更新本机消息通知');
  });

  app.get('/api/push/dropped', auth, async (request) => {
    const rows = await app.db
      .select({ endpoint: pushSubscriptionDrops.endpoint })
      .from(pushSubscriptionDrops)
      .where(eq(pushSubscriptionDrops.userId, currentUser(request).id))
      .orderBy(desc(pushSubscriptionDrops.droppedAt))
      .limit(20);
    const dropped: DroppedPushEndpoints = rows.map((r) => r.endpoint);
    return ok(dropped);
  });
}
