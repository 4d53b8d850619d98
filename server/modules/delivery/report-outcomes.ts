import { reminderChannels, type ReminderChannel } from '@contract/upms';
import {
  personOutcomeText,
  type ChannelOutcome,
  type PersonChannelOutcome,
  type PersonChannelState,
} from '@contract/message';
import { SHANGHAI_OFFSET } from '../../lib/shanghai-time';

/** One message_deliveries row of a message joined with one of its outbound rows (none: all outbound fields null). */
export interface ReportRow {
  receiverId: string;
  channel: string;
  status: string;
  readAt: Date | null;
  outboundStatus: string | null;
  lastError: string | null;
  sentAt: Date | null;
  shownAt: Date | null;
  openedAt: Date | null;
}

const labelOf = (channel: string) => reminderChannels[channel as ReminderChannel] ?? channel;
const earliest = (dates: (Date | null)[]) =>
  dates.filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
const latest = (dates: (Date | null)[]) =>
  dates.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
// the report's own words are in the organisation's time (UTC+8); the client words `at` in the device's zone
const shanghaiClock = (iso: string, seconds: boolean) =>
  new Date(Date.parse(iso) + SHANGHAI_OFFSET).toISOString().slice(11, seconds ? 19 : 16);

function outcome(
  channel: string,
  state: PersonChannelState,
  at: Date | null,
  reason: string | null = null,
): PersonChannelOutcome {
  const iso = at?.toISOString() ?? null;
  return {
    channel,
    label: labelOf(channel),
    state,
    at: iso,
    text: personOutcomeText({ state, at: iso, reason }, shanghaiClock),
  };
}

/**
 * What is known of one channel for one person. The app channel: a receipt from a device (opened, shown) or reading it
 * in the app; a push the push service took without any device answering is only 'unconfirmed'. The other channels: the
 * provider took it ('handed'), is still to, or refused.
 */
export function personOutcome(channel: string, rows: ReportRow[]): PersonChannelOutcome {
  const outbound = rows.filter((r) => r.outboundStatus !== null);
  if (channel === 'app') {
    const opened = earliest([...outbound.map((r) => r.openedAt), ...rows.map((r) => r.readAt)]);
    if (opened) return outcome(channel, 'opened', opened);
    const shown = earliest(outbound.map((r) => r.shownAt));
    if (shown) return outcome(channel, 'shown', shown);
    if (outbound.some((r) => r.outboundStatus === 'pending')) return outcome(channel, 'sending', null);
    if (outbound.some((r) => r.outboundStatus === 'sent'))
      return outcome(channel, 'unconfirmed', latest(outbound.map((r) => r.sentAt)));
    if (outbound.length) return outcome(channel, 'failed', null, '推送已失效，仅站内消息');
    return outcome(channel, 'inbox', null);
  }
  if (rows.every((r) => r.status === 'logged')) return outcome(channel, 'unavailable', null);
  if (outbound.some((r) => r.outboundStatus === 'pending')) return outcome(channel, 'sending', null);
  if (outbound.some((r) => r.outboundStatus === 'held')) return outcome(channel, 'waiting', null);
  const sent = outbound.filter((r) => r.outboundStatus === 'sent');
  if (sent.length) return outcome(channel, 'handed', latest(sent.map((r) => r.sentAt)));
  const stopped = outbound.find((r) => r.outboundStatus === 'stopped');
  if (stopped) return outcome(channel, 'stopped', null, stopped.lastError);
  return outcome(channel, 'failed', null, outbound[0]?.lastError ?? null);
}

/**
 * How one channel went for all its receivers, from their person outcomes. For the app, 'sent' means every receiver's
 * device confirmed it (or they read it), 'partly' some did, 'unconfirmed' none; for the other channels 'sent' means
 * the provider took it for everyone.
 */
export function channelOutcome(channel: string, people: PersonChannelOutcome[], rows: ReportRow[]): ChannelOutcome {
  const label = labelOf(channel);
  const count = (...states: PersonChannelState[]) => people.filter((p) => states.includes(p.state)).length;
  const pending = count('sending');
  const failed = count('failed');
  const base = { channel, label, pending, failed, reason: null };
  if (pending) return { ...base, state: 'sending' };
  if (channel === 'app') {
    const reached = count('opened', 'shown');
    const state = reached === people.length ? 'sent' : reached ? 'partly' : 'unconfirmed';
    return { ...base, failed: 0, state };
  }
  if (people.every((p) => p.state === 'unavailable')) return { ...base, state: 'unavailable', reason: '未配置' };
  if (count('waiting')) return { ...base, state: 'waiting' };
  if (!failed && !count('handed') && count('stopped')) return { ...base, state: 'stopped' };
  const reason = rows.find((r) => r.outboundStatus === 'failed')?.lastError ?? null;
  const state = failed === people.length ? 'failed' : failed ? 'partly' : 'sent';
  return { ...base, state, reason };
}

const APP_COUNTS: [PersonChannelState, string][] = [
  ['opened', '已查看'],
  ['shown', '已送达'],
  ['unconfirmed', '推送未确认'],
  ['sending', '推送发送中'],
  ['inbox', '未开启推送'],
  ['failed', '推送失效'],
];

/**
 * The sender's one line, e.g. APP 已送达 1 人、推送未确认 1 人；已发出 邮件；短信 未发送（未配置）. Nothing is called
 * delivered without a device's receipt; a provider's acceptance is only 已发出.
 */
export function summaryOf(channels: ChannelOutcome[], people: Map<string, PersonChannelOutcome[]>): string {
  const parts: string[] = [];
  const app = people.get('app');
  if (app?.length) {
    const counts = APP_COUNTS.map(([state, word]) => [word, app.filter((p) => p.state === state).length] as const);
    parts.push(
      `APP ${counts
        .filter(([, n]) => n)
        .map(([word, n]) => `${word} ${n} 人`)
        .join('、')}`,
    );
  }
  const others = channels.filter((o) => o.channel !== 'app');
  const handed = others.filter((o) => o.state === 'sent' || o.state === 'partly').map((o) => o.label);
  if (handed.length) parts.push(`已发出 ${handed.join('、')}`);
  for (const o of others) {
    if (o.state === 'sending') parts.push(`${o.label} 发送中`);
    if (o.state === 'partly') parts.push(`${o.label} ${o.failed} 人未送达`);
    if (o.state === 'failed') parts.push(`${o.label} 未送达${o.reason ? `（${o.reason}）` : ''}`);
    if (o.state === 'unavailable') parts.push(`${o.label} 未发送（未配置）`);
    if (o.state === 'waiting') parts.push(`${o.label} 待升级`);
    if (o.state === 'stopped') parts.push(`${o.label} 未再升级`);
  }
  return parts.join('；');
}
