import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/** Sending reminders needs 'upms:message:send' (every staff role has it) or the wildcard. */
export function assertCanSendMessage(user: Principal): void {
  if (!user.permissions.includes('*:*:*') && !user.permissions.includes('upms:message:send')) {
    throw new AppError(403, '没有发送消息的权限');
  }
}

/**
 * A link in a message is followed by its receivers inside the app; only an administrator may point them at another
 * site (phishing from a colleague's account is the risk). Staff may link to the app's own paths only.
 */
export function assertCanLink(user: Principal, link: string | undefined): void {
  if (!link || link.startsWith('/') || user.permissions.includes('*:*:*')) return;
  throw new AppError(403, '只能发送系统内部链接');
}
