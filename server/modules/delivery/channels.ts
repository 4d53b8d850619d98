import type { ReminderChannel } from '@contract/upms';
import type { ServerConfig } from '../../config';
import { createDingTalkSender, createSmsSender, createWecomSender, type VendorSender } from './vendor-senders';

export type ChannelConfig = Pick<ServerConfig, 'smtp' | 'wecom' | 'dingtalk' | 'sms'>;

/** How one channel reaches a person outside the inbox: the outbox kind, the receiver's field, who sends it. */
export interface ChannelRoute {
  /** outbound_deliveries.kind */
  kind: 'push' | 'email' | 'wecom' | 'dingtalk' | 'sms';
  /** the users column the target comes from; null: each of the receiver's push subscriptions */
  receiver: 'email' | 'mobile' | null;
  /** what the delivery says when the receiver has no such field */
  noReceiver: string;
  /** whether this server's settings let it send on the channel */
  configured: (config: ChannelConfig) => boolean;
  /** what a queued delivery says when the settings were removed since */
  notConfigured: string;
  /** the sender of a vendor channel (null: not configured); push and email have senders of their own (senders.ts) */
  vendor?: (config: ChannelConfig) => VendorSender | null;
}

/**
 * The one table of reminder channels: channel → delivery kind → receiver field → sender. 'app' is the in-app inbox
 * plus a Web Push to each of the receiver's devices; email, Wechat, DingTalk and sms leave the app through the outbox
 * when this server has them configured. A channel without a row here (DjIm, pc, …) is recorded as 'logged' (the
 * report says 未配置): no server can deliver it yet.
 */
export const CHANNEL_ROUTES: Partial<Record<ReminderChannel, ChannelRoute>> = {
  app: { kind: 'push', receiver: null, noReceiver: '', configured: () => true, notConfigured: '' },
  email: {
    kind: 'email',
    receiver: 'email',
    noReceiver: '收件人没有邮箱地址',
    configured: (config) => !!config.smtp.url,
    notConfigured: '未配置邮件服务',
  },
  Wechat: {
    kind: 'wecom',
    receiver: 'mobile',
    noReceiver: '接收人没有手机号',
    configured: ({ wecom }) => !!(wecom.corpId && wecom.corpSecret && wecom.agentId),
    notConfigured: '未配置企业微信消息',
    vendor: (config) => createWecomSender(config.wecom),
  },
  DingTalk: {
    kind: 'dingtalk',
    receiver: 'mobile',
    noReceiver: '接收人没有手机号',
    configured: ({ dingtalk }) => !!(dingtalk.appKey && dingtalk.appSecret && dingtalk.agentId),
    notConfigured: '未配置钉钉工作通知',
    vendor: (config) => createDingTalkSender(config.dingtalk),
  },
  sms: {
    kind: 'sms',
    receiver: 'mobile',
    noReceiver: '接收人没有手机号',
    configured: ({ sms }) => !!(sms.accessKeyId && sms.accessKeySecret && sms.signName && sms.templateCode),
    notConfigured: '未配置短信服务',
    vendor: (config) => createSmsSender(config.sms),
  },
};

/** The route of a channel, by its outbox kind (the worker's view). */
export const routeOfKind = (kind: string): ChannelRoute | undefined =>
  Object.values(CHANNEL_ROUTES).find((route) => route.kind === kind);

/**
 * The reminder channels this server can deliver (from its settings), handed to every write that records a message:
 * a chosen channel outside it is recorded as 'logged' (the report says 未配置) and nothing is queued for it.
 */
export type ConfiguredChannels = readonly ReminderChannel[] & {
  /** REMINDER_ESCALATE_SECONDS: the chosen channels form a ladder after the app push (escalation.ts); 0/none: at once */
  readonly escalateSeconds?: number;
};

/** The reminder channels this server can deliver, in the table's order: the app always, the others when set up. */
export function configuredChannels(config: ChannelConfig, escalateSeconds = 0): ConfiguredChannels {
  const channels = (Object.keys(CHANNEL_ROUTES) as ReminderChannel[]).filter((channel) =>
    CHANNEL_ROUTES[channel]!.configured(config),
  );
  // not enumerable: the list still equals, spreads and serialises as the plain channel list
  return Object.defineProperty(channels, 'escalateSeconds', { value: escalateSeconds, enumerable: false });
}

/**
 * For writes whose messages go to the in-app inbox only (fixed channels ['app'], e.g. telling the applicant, the demo
 * seed): the app channel needs no settings.
 */
export const IN_APP_ONLY: ConfiguredChannels = ['app'];

/** What a delivery of `channel` is recorded as: in the inbox, on its way through the outbox, or only logged. */
export function deliveryStatusOf(
  channel: ReminderChannel,
  configured: ConfiguredChannels,
): 'delivered' | 'queued' | 'logged' {
  if (channel === 'app') return 'delivered';
  return CHANNEL_ROUTES[channel] && configured.includes(channel) ? 'queued' : 'logged';
}
