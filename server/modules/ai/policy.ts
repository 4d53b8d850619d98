import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/*
 * Who may see what of the AI助手, in one place. A conversation is its owner's alone: anyone else hears what a missing
 * one answers (404), on every verb, so an id never confirms that someone else's conversation exists.
 */

/** 查看 / 改名 / 删除 / 提问: the owner only; anyone else is told the conversation does not exist. */
export function conversationRefusal(userId: string, conversation: { ownerId: string } | undefined): AppError | null {
  return conversation && conversation.ownerId === userId ? null : new AppError(404, '会话不存在');
}

/** How to connect a model (the server's AI_* settings) is for administrators; staff hear what the assistant can do. */
export function seesSetup(user: Pick<Principal, 'roles'>): boolean {
  return user.roles.includes('admin');
}

export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
