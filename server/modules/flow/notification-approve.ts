import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { approveFromNotificationBody } from '@contract/flow-schemas';
import type { NotificationApproveResult } from '@contract/flow';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { flowActionTokens } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { passwordGateRefusal } from '../../plugins/password-gate';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { ConfiguredChannels } from '../delivery/channels';
import { loadPrincipal } from '../session/service';
import { loadPreferences } from '../my/preferences-service';
import { offeredReminderChannels } from '../upms/service';
import { approveTask } from './action-service';
import { ownPendingTask } from './engine/state';
import { lockTaskInstance } from './load';
import { actionTokenHash, approvableFromNotification } from './notification-token';

export const INVALID_ACTION = '通知操作无效';
export const SPENT_ACTION = '该通知操作已失效，请在应用中办理';
export const NEEDS_INPUT = '该待办需要在应用中办理';

/** The next handlers hear of it as the approver's 我的 → 提醒方式 says (every offered channel for one who never chose). */
async function channelsOf(tx: Db, configured: ConfiguredChannels, userId: string): Promise<ReminderChannel[]> {
  const offered = (await offeredReminderChannels(tx, configured)) as ReminderChannel[];
  const saved = (await loadPreferences(tx, userId)).reminderChannels;
  return saved ? offered.filter((c) => saved.includes(c)) : offered;
}

/**
 * 同意 from a notification, in the write's transaction: the same approveTask as the 办理 page, with no input. Why it
 * no longer applies comes first (该申请已被发起人撤回, 该待办已被处理), then the token is spent; any refusal rolls the
 * spending back with the rest, and a spent or expired token approves nothing.
 */
export async function approveFromNotification(
  tx: Db,
  configured: ConfiguredChannels,
  userId: string,
  taskId: string,
  token: string,
) {
  const { instance, state } = await lockTaskInstance(tx, taskId);
  const task = ownPendingTask(state, taskId, userId);
  const [spent] = await tx
    .update(flowActionTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(flowActionTokens.tokenHash, actionTokenHash(token)),
        eq(flowActionTokens.taskId, taskId),
        eq(flowActionTokens.userId, userId),
        isNull(flowActionTokens.usedAt),
        gt(flowActionTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ taskId: flowActionTokens.taskId });
  if (!spent) throw new AppError(409, SPENT_ACTION);
  // the node may have been given an opinion or a field to fill since the push left: the 办理 page asks for them
  if (!approvableFromNotification(state.graph, task.nodeId, state.formData)) throw new AppError(409, NEEDS_INPUT);
  const body = {
    opinion: '',
    attachments: [],
    chosenAssignees: [],
    channels: await channelsOf(tx, configured, userId),
  };
  const done = await approveTask(tx, userId, taskId, body, configured);
  return { ...done, title: instance.title } satisfies NotificationApproveResult;
}

type Write = (
  request: FastifyRequest,
  work: (tx: Db, userId: string) => Promise<{ instanceId: string; notified: string[] }>,
  msg: string,
) => Promise<unknown>;

/**
 * POST /api/flow/tasks/:id/approve-from-notification: the device's service worker has no session, so the action token
 * stands in for one, for this task and person alone. It is looked up before the Idempotency-Key claim (the plugin
 * keys answers by person), so a repeated tap with the same key answers the stored result and approves nothing twice.
 */
export function approveFromNotificationRoute(plain: FastifyInstance, write: Write): void {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const schema = { params: idParams('待办ID'), body: approveFromNotificationBody };
  const actAs = async (request: FastifyRequest<{ Params: { id: string }; Body: { token: string } }>) => {
    const [row] = await app.db
      .select({ userId: flowActionTokens.userId, taskId: flowActionTokens.taskId })
      .from(flowActionTokens)
      .where(eq(flowActionTokens.tokenHash, actionTokenHash(request.body.token)));
    if (!row || row.taskId !== request.params.id) throw new AppError(404, INVALID_ACTION);
    const principal = await loadPrincipal(app.db, row.userId);
    if (!principal || principal.status !== 'active') throw new AppError(403, '账号已停用', 55555);
    // the token stands in for a session, so it meets the same gate a session would (an initial password to change)
    const refusal = passwordGateRefusal(request, principal);
    if (refusal) throw refusal;
    request.user = principal;
  };
  app.post('/api/flow/tasks/:id/approve-from-notification', { schema, preHandler: [actAs] }, async (request) =>
    write(
      request,
      (tx, userId) =>
        approveFromNotification(tx, app.deliverableChannels, userId, request.params.id, request.body.token),
      '已同意',
    ),
  );
}
