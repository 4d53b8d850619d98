import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowReads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireActiveUsers } from '../upms/service';
import { startNode } from './engine/graph';
import { addCopyRefusal, enforce } from './policy';
import { lockInstance, writeLog } from './load';

/** 抄送 by the applicant: the people chosen get the request in 待阅; the trace says who was copied. */
export async function addCopyRecipients(tx: Db, userId: string, instanceId: string, body: { userIds: string[] }) {
  const { instance, state } = await lockInstance(tx, instanceId);
  enforce(addCopyRefusal(state, userId));
  const people = await requireActiveUsers(tx, body.userIds);
  const already = await tx
    .select({ userId: flowReads.userId })
    .from(flowReads)
    .where(
      and(
        eq(flowReads.instanceId, instanceId),
        eq(flowReads.kind, 'copy'),
        inArray(
          flowReads.userId,
          people.map((p) => p.id),
        ),
      ),
    );
  const copied = new Set(already.map((r) => r.userId));
  const added = people.filter((p) => !copied.has(p.id) && p.id !== userId);
  if (added.length === 0) throw new AppError(400, '所选人员已在抄送名单中');
  await tx
    .insert(flowReads)
    .values(
      added.map((p) => ({ instanceId, userId: p.id, kind: 'copy', nodeName: '发起人抄送', title: instance.title })),
    );
  const start = startNode(state.graph);
  await writeLog(tx, {
    instanceId,
    nodeId: start.id,
    nodeName: '发起人抄送',
    actorId: userId,
    action: 'copy',
    opinion: `抄送：${added.map((p) => p.realName).join('、')}`,
  });
  return { instanceId, notified: added.map((p) => p.id) };
}
