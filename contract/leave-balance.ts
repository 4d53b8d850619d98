/**
 * 假期余额 (module code `flow`): the days of each leave type a person still has. A 请假 (a form with a 请假类型 field of
 * the leave_type dictionary and a day count worked out from its dates) is refused at 提交 when its days exceed what is
 * left: the balance less the days of the person's other 请假 still 审批中. Approval uses the days. A leave type without
 * a balance for that person is not counted.
 *   GET /api/flow/leave-balances/mine      the caller's balances → LeaveBalance[]
 *   GET /api/flow/leave-balances?userId=   administrators: every leave type and one person's balances → PersonLeaveBalances
 *   PUT /api/flow/leave-balances           administrators: { userId, leaveType, days } sets one balance
 */
import type { FormField } from './flow';

export interface LeaveBalance {
  /** the leave_type dictionary value */
  leaveType: string;
  leaveTypeName: string;
  days: number;
  /** days of the person's 请假 of this type still 审批中 */
  pendingDays: number;
  /** what a new 请假 may still take: days − pendingDays */
  available: number;
}

/** PUT /api/flow/leave-balances: the one rule, in the browser's words and the server's. */
export const leaveBalanceRules = {
  days: { min: 0, max: 999, invalid: '假期余额须为0到999之间的整数或半天' },
  leaveType: { required: '请选择假期类型' },
  userId: { required: '请选择人员' },
} as const;

/** Whether `days` is a balance an administrator may set: 0–999, in half days. */
export const isLeaveBalanceDays = (days: number): boolean =>
  Number.isFinite(days) &&
  days >= leaveBalanceRules.days.min &&
  days <= leaveBalanceRules.days.max &&
  Number.isInteger(days * 2);

/** What an administrator sets balances from: every leave type of the dictionary, and the person's balances. */
export interface PersonLeaveBalances {
  types: { value: string; label: string }[];
  balances: LeaveBalance[];
}

/** A 请假 form's leave type and day count fields (a leave_type select, a day count worked out from dates), or null. */
export function leaveFieldsOf(schema: FormField[]): { typeKey: string; daysKey: string } | null {
  const type = schema.find((f) => f.dict === 'leave_type');
  const days = schema.find((f) => f.computed?.kind === 'leaveDays');
  return type && days ? { typeKey: type.key, daysKey: days.key } : null;
}
