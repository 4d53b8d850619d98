import { useMutation, useQueryClient } from '@tanstack/react-query';
import { put } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { leaveBalanceKeys } from './get-leave-balances';

/** 设置假期余额 (administrators): sent at once, not queued, so the administrator sees the figure the server keeps. */
export function useSetLeaveBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; leaveType: string; days: number }) =>
      put('/api/flow/leave-balances', body, { idempotencyKey: rememberOwnWrite(newIdempotencyKey()), silent: true }),
    ...writeFeedback('假期余额已保存'),
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({ queryKey: leaveBalanceKeys.person(body.userId) }),
  });
}
