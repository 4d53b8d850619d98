import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { flowStatsQuery } from '@contract/flow-schemas';
import { reassignBody } from '@contract/upms-schemas';
import type { UnattendedTask } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowInstances, flowTasks, users } from '../../db/schema';
import { AppError, ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { IN_APP_ONLY } from '../delivery/channels';
import { requireActiveUsers } from '../upms/service';
import { remindAssignees } from './reminders';
import { flowStats } from './stats-service';

const adminOnly = (roles: string[]) => {
  if (!roles.includes('admin')) throw new AppError(403, '只有管理员可以处理无人处理的待办');
};
const OPEN = sql`${flowTasks.status} in ('pending', 'waiting')`;

/** 无人处理: open tasks whose only handler is a disabled person, oldest first. */
async function unattendedTasks(db: Db): Promise<UnattendedTask[]> {
  const rows = await db
    .select({
      taskId: flowTasks.id,
      instanceId: flowTasks.instanceId,
      title: flowTasks.title,
      nodeName: flowTasks.nodeName,
      assigneeName: users.realName,
      createdAt: flowTasks.createdAt,
    })
    .from(flowTasks)
    .innerJoin(users, eq(users.id, flowTasks.assigneeId))
    .where(and(OPEN, sql`${users.status} <> 'active'`))
    .orderBy(asc(flowTasks.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Gives one such task to an active person, who is reminded in the app; a task someone still holds is refused. */
async function reassign(tx: Db, taskId: string, userId: string, byId: string) {
  const [to] = await requireActiveUsers(tx, [userId]);
  const [task] = await tx
    .select({ instanceId: flowTasks.instanceId, status: users.status, title: flowInstances.title })
    .from(flowTasks)
    .innerJoin(users, eq(users.id, flowTasks.assigneeId))
    .innerJoin(flowInstances, eq(flowInstances.id, flowTasks.instanceId))
    .where(and(eq(flowTasks.id, taskId), OPEN))
    .for('update', { of: flowTasks });
  if (!task) throw new AppError(404, '待办不存在或已处理');
  if (task.status === 'active') throw new AppError(409, '该待办的处理人仍在岗，请由其本人转办');
  await tx.update(flowTasks).set({ assigneeId: to!.id }).where(eq(flowTasks.id, taskId));
  await remindAssignees(tx, IN_APP_ONLY, byId, { id: task.instanceId, title: task.title }, [to!.id], ['app']);
  return { taskId, assigneeName: to!.realName };
}

/**
 * Where requests wait: 审批统计 (GET /api/flow/stats, each person their own scopes) and 无人处理 (GET
 * /api/flow/unattended, POST /api/flow/tasks/:id/reassign, administrators).
 */
export async function oversightRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: [app.authenticate] };
  app.get('/api/flow/stats', { ...auth, schema: { querystring: flowStatsQuery } }, async (request) =>
    ok(await flowStats(app.db, currentUser(request), request.query.scope)),
  );
  app.get('/api/flow/unattended', auth, async (request) => {
    adminOnly(currentUser(request).roles);
    return ok(await unattendedTasks(app.db));
  });
  app.post(
    '/api/flow/tasks/:id/reassign',
    { ...auth, schema: { params: idParams('待办ID'), body: reassignBody } },
    async (request) => {
      const admin = currentUser(request);
      adminOnly(admin.roles);
      return writeTransaction(
        request,
        (tx) => reassign(tx, request.params.id, request.body.userId, admin.id),
        '已重新指派',
      );
    },
  );
}
