import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { afterMailWrite } from './after-mail-write';
import { mailKeys } from './mail-keys';
import { patchMailCache } from './patch-mail-cache';

export type MailAction = 'read' | 'unread' | 'star' | 'unstar' | 'delete' | 'restore' | 'purge';

const LABELS: Record<MailAction, string> = {
  read: '标为已读',
  unread: '标为未读',
  star: '加星标',
  unstar: '取消星标',
  delete: '删除邮件',
  restore: '恢复邮件',
  purge: '彻底删除',
};
const DONE: Record<MailAction, string> = {
  read: '已标为已读',
  unread: '已标为未读',
  star: '已加星标',
  unstar: '已取消星标',
  delete: '已删除',
  restore: '已恢复',
  purge: '已彻底删除',
};

/** The screens show the action at once; a refusal brings the server's state back. */
async function act(queryClient: QueryClient, action: MailAction, id: string, subject: string) {
  patchMailCache(queryClient, action, id);
  return sendOrQueue({
    method: 'POST',
    url: `/api/mail/messages/${encodeURIComponent(id)}/${action}`,
    idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
    label: `${LABELS[action]}「${subject}」`,
    invalidate: afterMailWrite(id),
  }).catch((error: unknown) => {
    void queryClient.invalidateQueries({ queryKey: mailKeys.all });
    throw error;
  });
}

/** Star, delete, restore, purge: each waits in the outbox when offline and tells the user the outcome. */
export function useMailAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, subject }: { action: MailAction; id: string; subject: string }) =>
      act(queryClient, action, id, subject),
    onSuccess: (result, { action }) => showWriteSuccess(result, DONE[action]),
    onError: showWriteError,
  });
}

/** Opening a mail marks it read; the user did not ask, so nothing is shown (offline it is queued). */
export function useMarkMailRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subject }: { id: string; subject: string }) => act(queryClient, 'read', id, subject),
  });
}
