import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowDefinitions, users } from '../../db/schema';
import { recordMessage } from '../message/service';
import { IN_APP_ONLY } from '../delivery/channels';
import type { Reminder } from './reminders';

export type HandlerDecision = 'approve' | 'reject' | 'return' | 'transfer';

const verbs: Record<HandlerDecision, string> = { approve: '同意', reject: '驳回', return: '退回', transfer: '转办' };
const OUTCOMES: Partial<Record<HandlerDecision, string>> = { approve: '已通过', reject: '已驳回' };

type Told = { id: string; title: string; initiatorId: string; definitionId: string };

/**
 * The applicant hears of every decision on their request in 消息提醒, and the message opens the request. Not when the
 * applicant is the actor (resubmitting a returned request is their own step). The decision that ends the request is
 * told as its outcome (你的「请假」已通过 / 已驳回), so it stands apart from the steps on the way.
 */
export async function tellApplicant(
  tx: Db,
  actorId: string,
  instance: Told,
  decision: HandlerDecision,
  finished: boolean,
): Promise<Reminder | null> {
  if (actorId === instance.initiatorId) return null;
  const [actor] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, actorId));
  const verb = verbs[decision];
  const outcome = finished ? OUTCOMES[decision] : undefined;
  if (outcome) return tellOutcome(tx, actorId, instance, outcome, `${actor?.realName ?? ''}${verb}`);
  return send(tx, actorId, instance, {
    title: `${verb}：${instance.title}`,
    content: `${actor?.realName ?? ''}${verb}了你的申请「${instance.title}」`,
  });
}

/**
 * A request that ends approved at 提交 (every node passed by 自动通过, or none to pass) is told as the last 同意 would
 * be: nobody else decided, so without this the applicant would never hear it is over.
 */
export function tellPassedAtSubmit(tx: Db, instance: Told): Promise<Reminder> {
  return tellOutcome(tx, instance.initiatorId, instance, '已通过', '系统自动通过');
}

async function tellOutcome(tx: Db, senderId: string, instance: Told, outcome: string, by: string) {
  return send(tx, senderId, instance, {
    title: `你的「${await definitionName(tx, instance.definitionId)}」${outcome}`,
    content: `你的申请「${instance.title}」${outcome}（${by}）`,
  });
}

async function send(tx: Db, senderId: string, instance: Told, told: { title: string; content: string }) {
  // the in-app inbox only: the applicant is told, not called out to
  const message = await recordMessage(tx, IN_APP_ONLY, senderId, {
    ...told,
    receiverIds: [instance.initiatorId],
    channels: ['app'],
    link: `/followStartDetail?instanceId=${instance.id}`,
  });
  return { id: message.id, title: message.title, receiverIds: message.receiverIds, channels: message.channels };
}

async function definitionName(tx: Db, definitionId: string): Promise<string> {
  const [definition] = await tx
    .select({ name: flowDefinitions.name })
    .from(flowDefinitions)
    .where(eq(flowDefinitions.id, definitionId));
  return definition?.name ?? '申请';
}
