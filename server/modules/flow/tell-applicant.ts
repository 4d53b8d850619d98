import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordMessage } from '../message/service';
import { IN_APP_ONLY } from '../delivery/channels';
import type { Reminder } from './reminders';

export type HandlerDecision = 'approve' | 'reject' | 'return' | 'transfer';

const verbs: Record<HandlerDecision, string> = { approve: '同意', reject: '驳回', return: '退回', transfer: '转办' };

/**
 * The applicant hears of every decision on their request in 消息提醒, and the message opens the request. Not when the
 * applicant is the actor (resubmitting a returned request is their own step).
 */
export async function tellApplicant(
  tx: Db,
  actorId: string,
  instance: { id: string; title: string; initiatorId: string },
  decision: HandlerDecision,
  finished: boolean,
): Promise<Reminder | null> {
  if (actorId === instance.initiatorId) return null;
  const [actor] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, actorId));
  const verb = verbs[decision];
  const outcome = finished && decision === 'approve' ? '，审批已通过' : '';
  // the in-app inbox only: the applicant is told, not called out to
  const message = await recordMessage(tx, IN_APP_ONLY, actorId, {
    title: `${verb}：${instance.title}`,
    content: `${actor?.realName ?? ''}${verb}了你的申请「${instance.title}」${outcome}`,
    receiverIds: [instance.initiatorId],
    channels: ['app'],
    link: `/followStartDetail?instanceId=${instance.id}`,
  });
  return { id: message.id, title: message.title, receiverIds: message.receiverIds, channels: message.channels };
}
