import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/** Sending reminders needs 'upms:message:send' (every staff role has it) or the wildcard. */
export function assertCanSendMessage(user: Principal): void {
  if (!user.permissions.includes('*:*:*') && !user.permissions.includes('upms:message:send')) {
    throw new AppError(403, '没有发送消息的权限');
  }
}
