import { eq } from 'drizzle-orm';
import type { DeliveryReport, PersonChannelOutcome, PersonDelivery } from '@contract/message';
import type { Db } from '../../db/client';
import { messageDeliveries, messages, outboundDeliveries, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { channelOutcome, personOutcome, summaryOf, type ReportRow } from './report-outcomes';

/**
 * GET /api/message/:id/deliveries: per person and channel what is known (a device's receipt, a provider's
 * acceptance, nothing yet), each channel's outcome and the sender's one line; only its sender (or an admin) may ask.
 */
export async function deliveryReport(
  db: Db,
  caller: { id: string; isAdmin: boolean },
  messageId: string,
): Promise<DeliveryReport> {
  const [message] = await db
    .select({ senderId: messages.senderId, channels: messages.channels })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!message || (message.senderId !== caller.id && !caller.isAdmin)) throw new AppError(404, '消息不存在');
  const rows = await db
    .select({
      receiverId: messageDeliveries.receiverId,
      name: users.realName,
      channel: messageDeliveries.channel,
      status: messageDeliveries.status,
      readAt: messageDeliveries.readAt,
      outboundStatus: outboundDeliveries.status,
      lastError: outboundDeliveries.lastError,
      sentAt: outboundDeliveries.sentAt,
      shownAt: outboundDeliveries.shownAt,
      openedAt: outboundDeliveries.openedAt,
    })
    .from(messageDeliveries)
    .innerJoin(users, eq(users.id, messageDeliveries.receiverId))
    .leftJoin(outboundDeliveries, eq(outboundDeliveries.deliveryId, messageDeliveries.id))
    .where(eq(messageDeliveries.messageId, messageId))
    .orderBy(users.realName, messageDeliveries.receiverId);
  const receivers = new Map<string, string>();
  for (const row of rows) receivers.set(row.receiverId, row.name);
  const byChannel = new Map<string, PersonChannelOutcome[]>();
  const people: PersonDelivery[] = [...receivers].map(([receiverId, name]) => ({
    receiverId,
    name,
    channels: message.channels.flatMap((channel) => {
      const own: ReportRow[] = rows.filter((r) => r.receiverId === receiverId && r.channel === channel);
      if (!own.length) return [];
      const result = personOutcome(channel, own);
      byChannel.set(channel, [...(byChannel.get(channel) ?? []), result]);
      return [result];
    }),
  }));
  const channels = message.channels.map((channel) =>
    channelOutcome(
      channel,
      byChannel.get(channel) ?? [],
      rows.filter((r) => r.channel === channel),
    ),
  );
  return { summary: summaryOf(channels, byChannel), channels, people };
}
