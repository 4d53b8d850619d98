import { AppError } from '../../lib/app-error';

/*
 * Who may see and do what with a 日程 event, in one place: the detail's abilities and the writes ask the same rules.
 * A person who may not see an event hears 404 on every verb, exactly as for one that does not exist, so an id
 * reveals nothing. Each rule answers its refusal or null.
 */

/** What the service loaded about the event (policy reads no database). */
export interface EventFacts {
  ownerId: string;
  participantIds: string[];
}

export const eventNotFound = () => new AppError(404, '日程不存在');

const isParticipant = (userId: string, e: EventFacts) => e.participantIds.includes(userId);

/** 查看: the owner and the participants; anyone else is told it does not exist. */
export function viewRefusal(userId: string, e: EventFacts | null): AppError | null {
  if (!e || (e.ownerId !== userId && !isParticipant(userId, e))) return eventNotFound();
  return null;
}

/** 编辑 / 删除: only the owner; a participant sees it and hears why not. */
export function editRefusal(userId: string, e: EventFacts | null): AppError | null {
  const hidden = viewRefusal(userId, e);
  if (hidden) return hidden;
  return e!.ownerId === userId ? null : new AppError(403, '只能修改自己创建的日程');
}

/** 接受 / 拒绝: a participant. */
export function respondRefusal(userId: string, e: EventFacts | null): AppError | null {
  const hidden = viewRefusal(userId, e);
  if (hidden) return hidden;
  return isParticipant(userId, e!) ? null : new AppError(409, '您是日程创建人，无需回复');
}

/** 订阅: the calendar app polls without a session; the secret in the address is the credential, so an unknown one is refused. */
export function feedRefusal(ownerId: string | null): AppError | null {
  return ownerId ? null : new AppError(404, '订阅地址无效');
}

/** Throws the refusal, if any. */
export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
