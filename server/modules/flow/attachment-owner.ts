import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowInstances, flowLogs } from '../../db/schema';
import type { AttachmentOwner } from '../files/attachment-owners';
import type { Principal } from '../session/service';
import { involvementOf } from './detail-service';
import { viewRefusal } from './policy';

/** 审批 instances attach files in the trace (an action's attachments) and in the form's attachment fields. */
export const flowAttachmentOwner: AttachmentOwner = {
  async recordsAttaching(db: Db, fileId: string) {
    const ref = JSON.stringify([{ fileName: fileId }]);
    const inLogs = sql`select ${flowLogs.instanceId} as id from ${flowLogs} where ${flowLogs.attachments} @> ${ref}::jsonb`;
    // form values: an attachment field holds [{ fileName, attachName }]
    const inForms = sql`select ${flowInstances.id} as id from ${flowInstances} where jsonb_path_exists(${flowInstances.formData}, '$.*[*] ? (@.fileName == $id)', jsonb_build_object('id', ${fileId}::text))`;
    const rows = await db.execute<{ id: string }>(sql`${inLogs} union ${inForms}`);
    return rowsOf<{ id: string }>(rows).map((r) => r.id);
  },
  async mayRead(db: Db, user: Principal, instanceId: string) {
    const [instance] = await db
      .select({ id: flowInstances.id, initiatorId: flowInstances.initiatorId })
      .from(flowInstances)
      .where(eq(flowInstances.id, instanceId));
    return Boolean(instance) && !viewRefusal(user, await involvementOf(db, user.id, instance!));
  },
};

/** The file ids a start or an action attaches: its attachments plus any form value shaped like an attachment list. */
export function attachedFileIds(
  formData: Record<string, unknown> | undefined,
  attachments: { fileName: string }[] = [],
): string[] {
  const ids = attachments.map((a) => a.fileName);
  for (const value of Object.values(formData ?? {})) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      const fileName = item && typeof item === 'object' ? (item as { fileName?: unknown }).fileName : undefined;
      if (typeof fileName === 'string') ids.push(fileName);
    }
  }
  return ids;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
