import { queryOptions } from '@tanstack/react-query';
import type { LeaveBalance, PersonLeaveBalances } from '@contract/leave-balance';
import { get } from '@/api/http';
import { flowKeys } from './flow-keys';

/** 假期余额: under the flow root, so an approval or a submit (which invalidate it) keeps them true. */
export const leaveBalanceKeys = {
  mine: [...flowKeys.all, 'leave-balances', 'mine'] as const,
  person: (userId: string) => [...flowKeys.all, 'leave-balances', 'person', userId] as const,
};

/** The caller's balances, shown on the 请假 form (read again whenever the form opens). */
export const myLeaveBalancesQueryOptions = () =>
  queryOptions({
    queryKey: leaveBalanceKeys.mine,
    queryFn: () => get<LeaveBalance[]>('/api/flow/leave-balances/mine', undefined, { noLoading: true }),
    staleTime: 0,
  });

/** Administrators: every leave type and one person's balances. */
export const personLeaveBalancesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: leaveBalanceKeys.person(userId),
    queryFn: () => get<PersonLeaveBalances>('/api/flow/leave-balances', { userId }, { noLoading: true }),
    staleTime: 0,
  });
