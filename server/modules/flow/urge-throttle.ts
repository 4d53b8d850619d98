import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowLogs, flowTasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** One 催办 per instance per handler in this window, so a handler is not flooded by repeated taps. */
export const URGE_WINDOW_MS = 10 * 60 * 1000;

/**
 * The handlers that may be urged now. An urge reaches everyone holding an open task at that moment, so a handler whose
 * open task is older than the last urge inside the window has already heard; a handler who got the task later has not.
 * The trace is the record, so nothing new is stored. 409 with the minutes left when nobody may be urged yet.
 */
export async function urgeableHandlers(
  tx: Db,
  instanceId: string,
  handlerIds: string[],
  now = new Date(),
): Promise<string[]> {
  const [last] = await tx
    .select({ at: flowLogs.createdAt })
    .from(flowLogs)
    .where(
      and(
        eq(flowLogs.instanceId, instanceId),
        eq(flowLogs.action, 'urge'),
        gt(flowLogs.createdAt, new Date(now.getTime() - URGE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(flowLogs.createdAt))
    .limit(1);
  if (!last) return handlerIds;
  const open = await tx
    .select({ assigneeId: flowTasks.assigneeId, createdAt: flowTasks.createdAt })
    .from(flowTasks)
    .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
  const heard = new Set(open.filter((t) => t.createdAt <= last.at).map((t) => t.assigneeId));
  const left = handlerIds.filter((id) => !heard.has(id));
  if (left.length > 0) return left;
  const minutes = Math.max(1, Math.ceil((last.at.getTime() + URGE_WINDOW_MS - now.getTime()) / 60000));
  throw new AppError(409, `已催办过当前处理人，同一处理人10分钟内只能催办一次，请${minutes}分钟后再试`);
}
