import type { ReminderChannel } from '@contract/upms';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';

export type ChannelConfig = Pick<ServerConfig, 'smtp' | 'wecom' | 'dingtalk' | 'sms'>;

/** The reminder channels this server can deliver, in the order they are offered: the app always, the others when set up. */
export function configuredChannels(config: ChannelConfig): ReminderChannel[] {
  const channels: ReminderChannel[] = ['app'];
  if (config.smtp.url) channels.push('email');
  if (config.wecom.corpId && config.wecom.corpSecret && config.wecom.agentId) channels.push('Wechat');
  if (config.dingtalk.appKey && config.dingtalk.appSecret && config.dingtalk.agentId) channels.push('DingTalk');
  const { accessKeyId, accessKeySecret, signName, templateCode } = config.sms;
  if (accessKeyId && accessKeySecret && signName && templateCode) channels.push('sms');
  return channels;
}

// keyed by the drizzle dialect, which a database handle shares with every transaction opened on it: recordMessage
// gets only the transaction, and one process may hold several apps (tests) with different settings
const registry = new WeakMap<object, ReadonlySet<string>>();
const keyOf = (db: Db): object => (db as unknown as { dialect: object }).dialect;

/** At app build: the channels this app's database handle (and its transactions) may queue for. */
export function registerConfiguredChannels(db: Db, channels: readonly ReminderChannel[]): void {
  registry.set(keyOf(db), new Set(channels));
}

/** Whether a reminder on this channel can leave the app (unregistered handles, e.g. scripts: app and email). */
export function isConfigured(tx: Db, channel: string): boolean {
  const channels = registry.get(keyOf(tx));
  return channels ? channels.has(channel) : channel === 'app' || channel === 'email';
}
