import { queryOptions, useMutation } from '@tanstack/react-query';
import type { UnattendedTask } from '@contract/flow';
import type { OpenWork } from '@contract/upms';
import { get } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { flowKeys } from './flow-keys';

/** 人员交接 (administrators): query keys under the flow root, so the page reads offline what was last seen. */
export const handoverKeys = {
  unattended: [...flowKeys.all, 'unattended'] as const,
  openWork: (userId: string) => [...flowKeys.all, 'open-work', userId] as const,
};

/** 无人处理: open tasks whose handler has been disabled. */
export const unattendedQueryOptions = () =>
  queryOptions({ queryKey: handoverKeys.unattended, queryFn: () => get<UnattendedTask[]>('/api/flow/unattended') });

/** What a person still holds, and the receiver offered by default. */
export const openWorkQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: handoverKeys.openWork(userId),
    queryFn: () =>
      get<OpenWork>(`/api/upms/user/${encodeURIComponent(userId)}/open-work`, undefined, { noLoading: true }),
    staleTime: 0,
  });

const send = (url: string, label: string, body: unknown) =>
  sendOrQueue({
    method: 'POST',
    url,
    body,
    label,
    invalidate: [[...flowKeys.all]],
    idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
  });

/** 交接 (and, with `disable`, 停用 in the same step): every open item of `userId` goes to `toUserId`. */
export const useHandOver = () =>
  useMutation({
    mutationFn: ({ userId, toUserId, disable }: { userId: string; toUserId: string; disable: boolean }) =>
      disable
        ? send(`/api/upms/user/${encodeURIComponent(userId)}/disable`, '交接并停用', { handoverTo: toUserId })
        : send(`/api/upms/user/${encodeURIComponent(userId)}/handover`, '人员交接', { toUserId }),
    ...writeFeedback('交接完成'),
  });

/** 重新指派 one task of 无人处理. */
export const useReassign = () =>
  useMutation({
    mutationFn: ({ taskId, userId }: { taskId: string; userId: string }) =>
      send(`/api/flow/tasks/${encodeURIComponent(taskId)}/reassign`, '重新指派', { userId }),
    ...writeFeedback('已重新指派'),
  });
