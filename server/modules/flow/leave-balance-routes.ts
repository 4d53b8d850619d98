import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { leaveBalanceQuery, setLeaveBalanceBody } from '@contract/leave-balance-schemas';
import { ok } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { onInstanceFinished } from './finish-hooks';
import { balancesOf, deductApprovedLeave, personBalances, setLeaveBalance } from './leave-balance-service';
import { enforce, manageLeaveBalancesRefusal } from './policy';

/** 假期余额 (contract/leave-balance.ts): everyone's own, an administrator's view and setting of anyone's. */
export function leaveBalanceRoutes(plain: FastifyInstance, auth: { preValidation: preValidationHookHandler[] }): void {
  // an approved 请假 uses its days in the approving transaction (registered here, where the module starts, so a
  // bundle that drops side-effect-only imports still has it)
  onInstanceFinished(deductApprovedLeave);
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get('/api/flow/leave-balances/mine', auth, async (request) =>
    ok(await balancesOf(app.db, currentUser(request).id)),
  );
  app.get('/api/flow/leave-balances', { ...auth, schema: { querystring: leaveBalanceQuery } }, async (request) => {
    enforce(manageLeaveBalancesRefusal(currentUser(request)));
    return ok(await personBalances(app.db, request.query.userId));
  });
  app.put('/api/flow/leave-balances', { ...auth, schema: { body: setLeaveBalanceBody } }, async (request) => {
    const user = currentUser(request);
    enforce(manageLeaveBalancesRefusal(user));
    return writeTransaction(request, (tx) => setLeaveBalance(tx, user.id, request.body), '假期余额已保存');
  });
}
