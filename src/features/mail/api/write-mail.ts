import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailWriteBody } from '@contract/mail-schemas';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey } from '@/offline/outbox';
import { sendOrQueueWithFiles } from '@/offline/outbox-files';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { afterMailWrite } from './after-mail-write';

/**
 * Sending: through the outbox, so a mail written offline waits there and is sent once when the network returns
 * (the Idempotency-Key makes the replay deliver it exactly once). Files held on the phone (added offline) wait with
 * it and are uploaded first; their records join `attachments`.
 */
export function useSendMail() {
  return useMutation({
    mutationFn: ({ body, files = [] }: { body: MailWriteBody; files?: File[] }) =>
      sendOrQueueWithFiles<{ id: string }>({
        method: 'POST',
        url: '/api/mail/messages',
        body: { ...body, send: true },
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        label: `发送邮件「${body.subject || '（无主题）'}」`,
        invalidate: afterMailWrite(body.id),
        files: files.map((blob) => ({ field: 'attachments', blob, name: blob.name })),
      }),
    onSuccess: (result) => showWriteSuccess(result, '邮件已发送'),
    onError: showWriteError,
  });
}

/** Saving a draft (by hand, or the compose screen's auto-save): online only; answers the draft's id. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body }: { body: MailWriteBody; quiet?: boolean }) => {
      const saved = await post<{ id: string }>('/api/mail/messages', { ...body, send: false }, { idempotencyKey: rememberOwnWrite(newIdempotencyKey()), silent: true, noLoading: true });
      await Promise.all(afterMailWrite(saved.id).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return saved;
    },
    onSuccess: (_saved, { quiet }) => {
      if (!quiet) showWriteSuccess(undefined, '草稿已保存');
    },
    onError: (error, { quiet }) => {
      if (!quiet) showWriteError(error);
    },
  });
}
