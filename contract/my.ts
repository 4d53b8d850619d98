import type { ReminderChannel } from './upms';

/**
 * 我的 calls (module code my):
 *
 *   POST /api/my/password              PasswordBody (both RSA-OAEP encrypted, as login)  → other sessions end
 *   GET  /api/my/preferences           MyPreferences
 *   PUT  /api/my/preferences/channels  { channels }   preferred reminder channels
 *   PUT  /api/my/preferences/escalation { channelOrder, quietHours }  escalation order and 免打扰
 *   PUT  /api/my/preferences/phrases   { phrases }    common opinion phrases (常用意见)
 *   PUT  /api/my/profile/avatar        { image }      a data:image URL, or null to remove
 *   PUT  /api/my/profile/signature     { image }      the signature image shown on flow opinions
 */
export interface MyPreferences {
  /** null = never chosen: the reminder selector defaults to every configured channel */
  reminderChannels: ReminderChannel[] | null;
  opinionPhrases: string[];
  /** the order a reminder escalates through after the app push (我的 → 提醒方式); all four channels (server-sent) */
  channelOrder?: EscalationChannel[];
  /** 免打扰 (HH:MM, China time), or null when off: non-urgent reminders wait until it ends (server-sent) */
  quietHours?: { start: string; end: string } | null;
}

/** The channels a reminder escalates through after the app push, and their default order. */
export type EscalationChannel = 'Wechat' | 'DingTalk' | 'sms' | 'email';
export const DEFAULT_CHANNEL_ORDER: EscalationChannel[] = ['Wechat', 'DingTalk', 'sms', 'email'];

/** A stored order made whole: unknown names dropped, missing channels appended in the default order. */
export function completeChannelOrder(order: readonly string[] | null | undefined): EscalationChannel[] {
  const known = (order ?? []).filter((c): c is EscalationChannel => DEFAULT_CHANNEL_ORDER.includes(c as never));
  return [...new Set([...known, ...DEFAULT_CHANNEL_ORDER])];
}

/** Offered until the user keeps their own list. */
export const DEFAULT_OPINION_PHRASES = ['同意', '已阅', '请按规定办理', '情况属实，同意', '不同意'];
export const MAX_OPINION_PHRASES = 20;
export const MAX_PHRASE_LENGTH = 100;

/** The strength rule: 8–32 characters with both letters and digits. */
export const PASSWORD_RULE_TEXT = '新密码须为8-32位，且同时包含字母和数字';
export function passwordStrong(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 32 &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    !/\s/.test(password)
  );
}

/** Avatar and signature images travel as small data URLs (drawn or downscaled on the phone). */
export const MAX_IMAGE_DATA_URL = 200_000;
export const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
