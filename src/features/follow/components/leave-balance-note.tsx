import { useQuery } from '@tanstack/react-query';
import type { FormField } from '@contract/flow';
import { leaveFieldsOf } from '@contract/leave-balance';
import { myLeaveBalancesQueryOptions } from '../api/get-leave-balances';
import './leave-balance-note.css';

/**
 * 假期余额 on a 请假 form: what the chosen leave type still allows (less the applicant's 请假 still 审批中), and a warning
 * when the days asked exceed it. The server refuses such a submit with the same numbers; this only says so earlier.
 */
export function LeaveBalanceNote({ schema, values }: { schema: FormField[]; values: Record<string, unknown> }) {
  const fields = leaveFieldsOf(schema);
  const { data } = useQuery({ ...myLeaveBalancesQueryOptions(), enabled: Boolean(fields) });
  if (!fields || !data) return null;
  const balance = data.find((b) => b.leaveType === values[fields.typeKey]);
  if (!balance) return null;
  const asked = Number(values[fields.daysKey]);
  const short = Number.isFinite(asked) && asked > balance.available;
  const held = balance.pendingDays > 0 ? `（另有${balance.pendingDays}天审批中）` : '';
  return (
    <p className={short ? 'leave-balance-note leave-balance-short' : 'leave-balance-note'} role="status">
      {balance.leaveTypeName}余额：可用{Math.max(balance.available, 0)}天{held}
      {short && `，本次申请${asked}天，余额不足`}
    </p>
  );
}
