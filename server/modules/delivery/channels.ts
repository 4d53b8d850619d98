import type { ReminderChannel } from '@contract/upms';
import type { ServerConfig } from '../../config';

export type ChannelConfig = Pick<ServerConfig, 'smtp' | 'wecom' | 'dingtalk' | 'sms'>;

/**
 * The reminder channels this server can deliver (from its settings), handed to every write that records a message:
 * a chosen channel outside it is recorded as 'logged' (the report says 未配置) and nothing is queued for it.
 */
export type ConfiguredChannels = readonly ReminderChannel[];

/** The reminder channels this server can deliver, in the order they are offered: the app always, the others when set up. */
export function configuredChannels(config: ChannelConfig): ConfiguredChannels {
  const channels: ReminderChannel[] = ['app'];
  if (config.smtp.url) channels.push('email');
  if (config.wecom.corpId && config.wecom.corpSecret && config.wecom.agentId) channels.push('Wechat');
  if (config.dingtalk.appKey && config.dingtalk.appSecret && config.dingtalk.agentId) channels.push('DingTalk');
  const { accessKeyId, accessKeySecret, signName, templateCode } = config.sms;
  if (accessKeyId && accessKeySecret && signName && templateCode) channels.push('sms');
  return channels;
}

/**
 * For writes whose messages go to the in-app inbox only (fixed channels ['app'], e.g. telling the applicant, the demo
 * seed): the app channel needs no settings.
 */
export const IN_APP_ONLY: ConfiguredChannels = ['app'];
