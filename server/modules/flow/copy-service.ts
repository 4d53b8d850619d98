import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowDefinitions, flowInstances } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { InstanceStatus } from '@contract/flow';
import { copyAgainRefusal, enforce } from './policy';
import { startInstance } from './start-service';
import { IN_APP_ONLY } from '../delivery/channels';

/** 再次提交: the initiator copies a rejected or withdrawn request into a new draft on the flow's current version. */
export async function copyToDraft(tx: Db, userId: string, instanceId: string) {
  const [instance] = await tx.select().from(flowInstances).where(eq(flowInstances.id, instanceId));
  if (!instance) throw new AppError(404, '流程不存在');
  enforce(copyAgainRefusal({ status: instance.status as InstanceStatus, initiatorId: instance.initiatorId }, userId));
  const [old] = await tx
    .select({ code: flowDefinitions.code })
    .from(flowDefinitions)
    .where(eq(flowDefinitions.id, instance.definitionId));
  const [current] = await tx
    .select({ id: flowDefinitions.id })
    .from(flowDefinitions)
    .where(eq(flowDefinitions.code, old!.code))
    .orderBy(desc(flowDefinitions.enabled), desc(flowDefinitions.version))
    .limit(1);
  // startInstance keeps only the current form's fields and checks them as a draft
  const definitionId = current?.id ?? instance.definitionId;
  // the answer names the draft's definition, so the client opens the form of the version the draft is on
  return {
    ...(await startInstance(
      tx,
      userId,
      { definitionId, formData: instance.formData, draft: true, chosenAssignees: [], attachments: [] },
      IN_APP_ONLY,
    )),
    definitionId,
  };
}
