import type { FastifyInstance } from 'fastify';
import { disableUserBody, handoverBody } from '@contract/upms-schemas';
import { users } from '../../db/schema';
import { AppError, ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { Principal } from '../session/service';
import { eq } from 'drizzle-orm';
import { disableUser, handOver, openWorkOf } from './handover-service';

const adminOnly = (user: Principal) => {
  if (!user.roles.includes('admin')) throw new AppError(403, '只有管理员可以办理人员交接');
};

/** 离职交接 and disabling people: administrators only. */
export async function userAdminRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: [app.authenticate] };
  const params = idParams('人员ID');

  app.get('/api/upms/user/:id/open-work', { ...auth, schema: { params } }, async (request) => {
    adminOnly(currentUser(request));
    return ok(await openWorkOf(app.db, request.params.id));
  });

  app.post('/api/upms/user/:id/handover', { ...auth, schema: { params, body: handoverBody } }, async (request) => {
    const admin = currentUser(request);
    adminOnly(admin);
    return writeTransaction(
      request,
      (tx) => handOver(tx, request.params.id, request.body.toUserId, admin.id),
      '交接完成',
    );
  });

  app.post('/api/upms/user/:id/disable', { ...auth, schema: { params, body: disableUserBody } }, async (request) => {
    const admin = currentUser(request);
    adminOnly(admin);
    return writeTransaction(
      request,
      (tx) => disableUser(tx, request.params.id, admin.id, request.body.handoverTo),
      '已停用',
    );
  });

  app.post('/api/upms/user/:id/enable', { ...auth, schema: { params } }, async (request) => {
    adminOnly(currentUser(request));
    return writeTransaction(
      request,
      async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ status: 'active' })
          .where(eq(users.id, request.params.id))
          .returning({ id: users.id });
        if (!row) throw new AppError(404, '人员不存在');
        return null;
      },
      '已启用',
    );
  });
}
