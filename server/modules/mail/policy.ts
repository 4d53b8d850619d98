import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/*
 * Who may see and do what in 邮件, in one place. Each rule answers its refusal or null. Refusals to strangers are 404,
 * so nobody can tell someone else's mail from a missing one.
 */

/** What the caller has to do with a mail, loaded by the service (policy reads no database). */
export interface Participation {
  senderId: string;
  status: string;
  /** the caller's kind of recipient (to/cc/bcc), or null */
  recipientKind: string | null;
}

const notFound = () => new AppError(404, '邮件不存在');

/** A mail is read by its sender, and once sent by its recipients; nobody else (admins neither). */
/** A 机密 mail stays with the people it was sent to: nobody forwards it, its sender neither. */
export function forwardRefusal(mail: { confidential: boolean }): AppError | null {
  return mail.confidential ? new AppError(403, '机密邮件不能转发') : null;
}

export function readRefusal(user: Principal, mail: Participation | null): AppError | null {
  if (!mail) return notFound();
  if (mail.senderId === user.id) return null;
  return mail.status === 'sent' && mail.recipientKind ? null : notFound();
}

/** A draft is changed (or sent) only by its writer, and only while it is a draft. */
export function editDraftRefusal(user: Principal, mail: Participation | null): AppError | null {
  if (!mail || mail.senderId !== user.id) return notFound();
  return mail.status === 'draft' ? null : new AppError(409, '邮件已发送，不能再修改');
}

/**
 * Bcc recipients are the sender's to see, on their own copy; no recipient sees any of them (a bcc recipient learns
 * their own part from `receivedAs`, never the list).
 */
export function visibleBcc<T>(user: Principal, senderId: string, bcc: T[]): T[] {
  return senderId === user.id ? bcc : [];
}

/** Read receipts are the sender's to see, when they asked for them. */
export function showsReceipts(user: Principal, mail: { senderId: string; receipt: boolean }): boolean {
  return mail.receipt && mail.senderId === user.id;
}

export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
