import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import type { ConfiguredChannels } from '../delivery/channels';
import { recordMessage } from '../message/service';
import { loadPreferences } from '../my/preferences-service';
import { offeredReminderChannels } from '../upms/service';

/** A message a send recorded; the route hands it to its channels once the transaction committed. */
export interface MailReminder {
  id: string;
  title: string;
  receiverIds: string[];
  channels: ReminderChannel[];
}

const SNIPPET_CHARS = 60;

/** The in-app address of a mail (the route /email/detail); a tap on the reminder opens it. */
export const mailLink = (mailId: string) => `/email/detail?id=${mailId}`;

/**
 * What a reminder says. A 机密 mail's names only the sender and the subject (the text travels through push services,
 * mail relays and vendors' servers, and shows on a locked screen); another's adds a short plain-text snippet. Never the
 * recipients (a bcc recipient must not learn who else got it) nor attachment names.
 */
export function mailReminderText(
  mail: { subject: string; bodyText: string; confidential: boolean },
  senderName: string,
) {
  const title = `新邮件：${mail.subject}`;
  const snippet = Array.from(mail.bodyText.replace(/\s+/g, ' ').trim()).slice(0, SNIPPET_CHARS).join('');
  if (mail.confidential) return { title, content: `${senderName}发来机密邮件「${mail.subject}」，请在系统内查看` };
  return { title, content: snippet ? `${senderName}：${snippet}` : `${senderName}发来邮件「${mail.subject}」` };
}

/**
 * The channels of a send: those chosen in the compose form, or, when the body names none (an older client), the
 * sender's 我的 → 提醒方式 as the reminder selector would have started (every offered channel for one who never chose).
 */
async function channelsOf(
  tx: Db,
  configured: ConfiguredChannels,
  senderId: string,
  chosen: ReminderChannel[] | undefined,
): Promise<ReminderChannel[]> {
  if (chosen) return [...new Set(chosen)];
  const offered = (await offeredReminderChannels(tx, configured)) as ReminderChannel[];
  const saved = (await loadPreferences(tx, senderId)).reminderChannels;
  return saved ? offered.filter((c) => saved.includes(c)) : offered;
}

/**
 * 提醒方式 of a sent mail: every recipient (to, cc and bcc) hears of it on the chosen channels, recorded in the send's
 * transaction (one outbox row per recipient and channel). The sender is never reminded of their own mail.
 */
export async function remindMailRecipients(
  tx: Db,
  configured: ConfiguredChannels,
  sender: { id: string; realName: string },
  mail: { id: string; subject: string; bodyText: string; confidential: boolean; recipientIds: string[] },
  chosen: ReminderChannel[] | undefined,
): Promise<MailReminder | null> {
  const receiverIds = mail.recipientIds.filter((id) => id !== sender.id);
  const channels = await channelsOf(tx, configured, sender.id, chosen);
  if (!receiverIds.length || !channels.length) return null;
  const message = await recordMessage(tx, configured, sender.id, {
    ...mailReminderText(mail, sender.realName),
    receiverIds,
    channels,
    link: mailLink(mail.id),
  });
  return { id: message.id, title: message.title, receiverIds: message.receiverIds, channels: message.channels };
}
