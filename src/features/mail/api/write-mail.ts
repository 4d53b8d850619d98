import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadedFile } from '@contract/files';
import type { MailWriteBody } from '@contract/mail-schemas';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue, type WriteFile } from '@/offline/outbox';
import { bodyWithUploads } from '@/offline/outbox-files';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { afterMailWrite } from './after-mail-write';

/*
 * Attachments take one route, whenever they were picked: a picked file is held on the phone (the compose screen
 * shows it) and uploaded when the mail is written to the server; its record then joins `attachments`. Sending goes
 * through the outbox, which uploads first (now, or on replay once the network returns); saving a draft is online only
 * and has the outbox's uploader upload them (same rule, same upload) before it posts.
 */

const attachmentFiles = (files: File[]): WriteFile[] =>
  files.map((blob) => ({ field: 'attachments', blob, name: blob.name }));

interface WriteVars {
  body: MailWriteBody;
  /** picked files not uploaded yet */
  files?: File[];
  onUploadProgress?: (percent: number) => void;
}

/**
 * Sending: through the outbox, so a mail written offline waits there and is sent once when the network returns
 * (the Idempotency-Key makes the replay deliver it exactly once).
 */
export function useSendMail() {
  return useMutation({
    mutationFn: ({ body, files = [], onUploadProgress }: WriteVars) =>
      sendOrQueue<{ id: string }>(
        {
          method: 'POST',
          url: '/api/mail/messages',
          body: { ...body, send: true },
          idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
          label: `发送邮件「${body.subject || '（无主题）'}」`,
          invalidate: afterMailWrite(body.id),
        },
        { files: attachmentFiles(files), onUploadProgress },
      ),
    onSuccess: (result) => showWriteSuccess(result, '邮件已发送'),
    onError: showWriteError,
  });
}

/**
 * Saving a draft (by hand, or the compose screen's auto-save): online only. Held files are uploaded first; answers
 * the draft's id and its attachments as saved, so the screen holds those files no longer.
 */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files = [], onUploadProgress }: WriteVars & { quiet?: boolean }) => {
      const draft = (await bodyWithUploads(
        { ...body, send: false },
        attachmentFiles(files),
        onUploadProgress,
      )) as MailWriteBody;
      const saved = await post<{ id: string }>('/api/mail/messages', draft, {
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        silent: true,
        noLoading: true,
      });
      await Promise.all(afterMailWrite(saved.id).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return { id: saved.id, attachments: (draft.attachments ?? []) as UploadedFile[] };
    },
    onSuccess: (_saved, { quiet }) => {
      if (!quiet) showWriteSuccess(undefined, '草稿已保存');
    },
    onError: (error, { quiet }) => {
      if (!quiet) showWriteError(error);
    },
  });
}
