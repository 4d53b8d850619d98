import { z } from 'zod';
import { isLeaveBalanceDays, leaveBalanceRules } from './leave-balance';

const userId = z.string({ error: leaveBalanceRules.userId.required }).uuid('人员ID格式不正确');

/** GET /api/flow/leave-balances?userId= (administrators) */
export const leaveBalanceQuery = z.object({ userId });

/** PUT /api/flow/leave-balances (administrators): one person's balance of one leave type */
export const setLeaveBalanceBody = z.object({
  userId,
  leaveType: z
    .string({ error: leaveBalanceRules.leaveType.required })
    .trim()
    .min(1, leaveBalanceRules.leaveType.required)
    .max(40, '假期类型不正确'),
  days: z
    .number({ error: leaveBalanceRules.days.invalid })
    .refine(isLeaveBalanceDays, { message: leaveBalanceRules.days.invalid }),
});
export type SetLeaveBalanceBody = z.input<typeof setLeaveBalanceBody>;
