import type { FastifyBaseLogger } from 'fastify';
import type { ReminderChannel } from '@contract/upms';

/** What a channel adapter did with one delivery. */
export type DeliveryStatus = 'delivered' | 'logged' | 'queued' | 'sent' | 'failed';

export interface ChannelAdapter {
  /** called inside the send transaction: must be quick and must not call out (a rollback cannot undo a call) */
  record(): DeliveryStatus;
  /** called after the commit: a real adapter (SMS, WeCom, …) sends here */
  dispatch(log: FastifyBaseLogger, delivery: { messageId: string; receiverId: string; title: string }): void;
}

const inbox: ChannelAdapter = { record: () => 'delivered', dispatch: () => undefined };

/** Until a channel is configured it only logs, and the delivery says so ('logged'). */
function loggingAdapter(channel: ReminderChannel): ChannelAdapter {
  return {
    record: () => 'logged',
    dispatch: (log, delivery) =>
      log.info({ channel, ...delivery }, 'message channel not configured: delivery logged only'),
  };
}

// sent by the delivery worker from the outbox (server/modules/delivery): the row says it is on its way
const queued: ChannelAdapter = { record: () => 'queued', dispatch: () => undefined };

/**
 * The adapter of every reminder channel; 'app' is the in-app inbox (and Web Push to the person's devices). A channel
 * that can leave the app (email, Wechat, DingTalk, sms) is queued in the outbox when this server has it configured.
 */
export function adapterFor(channel: ReminderChannel, configured: boolean): ChannelAdapter {
  if (channel === 'app') return inbox;
  if (configured && (channel === 'email' || channel === 'Wechat' || channel === 'DingTalk' || channel === 'sms'))
    return queued;
  return loggingAdapter(channel);
}
