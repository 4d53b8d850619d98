import { eq } from 'drizzle-orm';
import { reminderChannels, type ReminderChannel } from '@contract/upms';
import type { DeliveryReport, ChannelOutcome } from '@contract/message';
import type { Db } from '../../db/client';
import { messageDeliveries, messages, outboundDeliveries } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type Row = {
  channel: string;
  status: string;
  outboundKind: string | null;
  outboundStatus: string | null;
  lastError: string | null;
};

/** How one channel of a message went for all its receivers: what the sender is told. */
function outcomeOf(channel: string, rows: Row[]): ChannelOutcome {
  const label = reminderChannels[channel as ReminderChannel] ?? channel;
  const outbound = rows.filter((r) => r.outboundStatus !== null);
  const failed = outbound.filter((r) => r.outboundStatus === 'failed');
  if (channel === 'app') {
    // the in-app inbox always has it; pushes to devices are extra and a gone device is no failure
    const pending = outbound.filter((r) => r.outboundStatus === 'pending').length;
    return { channel, label, state: pending ? 'sending' : 'sent', pending, failed: 0, reason: null };
  }
  if (rows.every((r) => r.status === 'logged'))
    return { channel, label, state: 'unavailable', pending: 0, failed: 0, reason: '未配置' };
  const pending = outbound.filter((r) => r.outboundStatus === 'pending').length;
  const state = pending ? 'sending' : failed.length === rows.length ? 'failed' : failed.length ? 'partly' : 'sent';
  return { channel, label, state, pending, failed: failed.length, reason: failed[0]?.lastError ?? null };
}

function summaryOf(outcomes: ChannelOutcome[]): string {
  const reached = outcomes.filter((o) => o.state === 'sent' || o.state === 'partly').map((o) => o.label);
  const parts = reached.length ? [`已通过 ${reached.join('、')} 提醒`] : [];
  for (const o of outcomes) {
    if (o.state === 'sending') parts.push(`${o.label} 发送中`);
    if (o.state === 'partly') parts.push(`${o.label} ${o.failed} 人未送达`);
    if (o.state === 'failed') parts.push(`${o.label} 未送达${o.reason ? `（${o.reason}）` : ''}`);
    if (o.state === 'unavailable') parts.push(`${o.label} 未发送（未配置）`);
  }
  return parts.join('；');
}

/** GET /api/message/:id/deliveries: how each channel of a message went; only its sender (or an admin) may ask. */
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
  const rows: Row[] = await db
    .select({
      channel: messageDeliveries.channel,
      status: messageDeliveries.status,
      outboundKind: outboundDeliveries.kind,
      outboundStatus: outboundDeliveries.status,
      lastError: outboundDeliveries.lastError,
    })
    .from(messageDeliveries)
    .leftJoin(outboundDeliveries, eq(outboundDeliveries.deliveryId, messageDeliveries.id))
    .where(eq(messageDeliveries.messageId, messageId));
  const channels = message.channels.map((channel) =>
    outcomeOf(
      channel,
      rows.filter((r) => r.channel === channel),
    ),
  );
  return { summary: summaryOf(channels), channels };
}
