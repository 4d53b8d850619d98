import { useMutation } from '@tanstack/react-query';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { afterRecordWrite } from './custom-keys';

interface SaveInput {
  code: string;
  /** absent: a new record */
  id?: string;
  values: Record<string, unknown>;
  version?: number;
  /** shown in the pending list while offline */
  title: string;
  /** one key per filled-in form: a double tap or a replay saves once */
  idempotencyKey: string;
}

/** Creates or edits a record; offline (or while the server is busy) it waits in the outbox and is replayed. */
export function useSaveRecord() {
  return useMutation({
    mutationFn: ({ code, id, values, version, title, idempotencyKey }: SaveInput) =>
      sendOrQueue<{ id: string }>({
        method: id ? 'PUT' : 'POST',
        url: id
          ? `/api/custom/records/${encodeURIComponent(id)}`
          : `/api/custom/models/${encodeURIComponent(code)}/records`,
        body: id ? { values, version } : { values },
        label: `${id ? '修改' : '新增'}「${title}」`,
        idempotencyKey: rememberOwnWrite(idempotencyKey),
        invalidate: afterRecordWrite(code, id),
      }),
    ...writeFeedback('保存成功'),
  });
}

/** Deletes a record (asked to confirm by the page), through the outbox like every write. */
export function useDeleteRecord() {
  return useMutation({
    mutationFn: ({ code, id, title }: { code: string; id: string; title: string }) =>
      sendOrQueue({
        method: 'DELETE',
        url: `/api/custom/records/${encodeURIComponent(id)}`,
        label: `删除「${title}」`,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        invalidate: afterRecordWrite(code, id),
      }),
    ...writeFeedback('删除成功'),
  });
}
