import { and, eq } from 'drizzle-orm';
import type { FlowCommentResult } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowComments, flowInstances, flowTasks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { plainTextOf } from '../../lib/sanitize-html';
import type { Principal } from '../session/service';
import { mentionablePeople, remindMentioned } from '../message/mentions';
import { involvementOf } from './detail-service';
import { enforce, viewRefusal } from './policy';
import { presentComment } from './presenter';

/**
 * 评论: anyone who may see the request (viewRefusal, as the detail) leaves a note without acting on it. It is plain
 * text: markup is dropped here, so what is stored is what every client shows as text. Nothing about the request
 * changes; the applicant and the handlers are told so an open detail reloads.
 */
export async function addComment(
  tx: Db,
  user: Principal,
  instanceId: string,
  { content, mentionIds = [] }: { content: string; mentionIds?: string[] },
): Promise<FlowCommentResult> {
  const [instance] = await tx.select().from(flowInstances).where(eq(flowInstances.id, instanceId));
  if (!instance) throw new AppError(404, '流程不存在');
  enforce(viewRefusal(user, await involvementOf(tx, user.id, instance)));
  const text = plainTextOf(content).slice(0, 500);
  if (!text) throw new AppError(400, '请输入评论内容');
  // a mention reminds; it does not share the request with someone it was not shown to (抄送 does that)
  const mentioned = await mentionablePeople(tx, user.id, mentionIds, async (person) => {
    const involvement = await involvementOf(tx, person.id, instance);
    return person.id === instance.initiatorId || involvement.hadTask || involvement.hadCopy
      ? null
      : `${person.realName}不是该申请的相关人员，不能提及（可先抄送）`;
  });
  const waitingAt = await tx
    .selectDistinct({ nodeName: flowTasks.nodeName })
    .from(flowTasks)
    .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
  const nodeName = instance.status === 'running' ? waitingAt.map((n) => n.nodeName).join('、') : '';
  const [row] = await tx
    .insert(flowComments)
    .values({ instanceId, userId: user.id, nodeName, content: text })
    .returning();
  const [me] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, user.id));
  const handlers = await tx
    .selectDistinct({ id: flowTasks.assigneeId })
    .from(flowTasks)
    .where(eq(flowTasks.instanceId, instanceId));
  const notified = [...new Set([instance.initiatorId, ...handlers.map((h) => h.id)])].filter((id) => id !== user.id);
  await remindMentioned(tx, { id: user.id, realName: me?.realName ?? '' }, mentioned, {
    subject: instance.title,
    content: text,
    link: `/followViewDetail?instanceId=${instanceId}`,
  });
  return { instanceId, notified, comment: presentComment(row!, me?.realName ?? '') };
}
