import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowDefinitions, flowInstances } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { startInstance } from './start-service';

/** 再次提交: the initiator copies a rejected or withdrawn request into a new draft on the flow's current version. */
export async function copyToDraft(tx: Db, userId: string, instanceId: string) {
  const [instance] = await tx.select().from(flowInstances).where(eq(flowInstances.id, instanceId));
  if (!instance) throw new AppError(404, '流程不存在');
  if (instance.initiatorId !== userId) throw new AppError(403, '只有发起人可以再次提交');
  if (instance.status !== 'rejected' && instance.status !== 'withdrawn') throw new AppError(409, '只有已驳回或已撤回的申请可以再次提交');
  const [old] = await tx.select({ code: flowDefinitions.code }).from(flowDefinitions).where(eq(flowDefinitions.id, instance.definitionId));
  const [current] = await tx.select({ id: flowDefinitions.id }).from(flowDefinitions).where(eq(flowDefinitions.code, old!.code)).orderBy(desc(flowDefinitions.enabled), desc(flowDefinitions.version)).limit(1);
  // startInstance keeps only the current form's fields and checks them as a draft
  return startInstance(tx, userId, { definitionId: current?.id ?? instance.definitionId, formData: instance.formData, draft: true, chosenAssignees: [], attachments: [] });
}
