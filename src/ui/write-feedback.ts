import { toast } from './feedback';

/** Shown when a write could not be sent now and waits in the outbox. */
export const QUEUED_TEXT = '已加入待同步队列，联网后自动提交';

interface FailureLike {
  kind?: string;
  status?: number;
  code?: number;
  message?: string;
}

/**
 * The one rule for what a user sees after a write (every mutation hook goes through here):
 * - writes are sent `silent`, so the HTTP layer shows nothing and this is the only toast;
 * - success → `successText`; queued by the outbox → QUEUED_TEXT;
 * - refused → the server's own message (e.g. 该待办已被处理), or the spec §8 text the HTTP layer put in the error;
 * - a lost session (401 / 55555) is not toasted: the HTTP layer already opened the 登录状态已过期 dialog.
 */
export function showWriteSuccess(result: { queued?: boolean } | undefined, successText: string): void {
  if (result?.queued) toast.info(QUEUED_TEXT);
  else toast.success(successText);
}

export function showWriteError(error: unknown): void {
  const e = (error && typeof error === 'object' ? error : {}) as FailureLike;
  if (e.status === 401 || e.code === 401 || e.code === 55555) return;
  toast.fail(e.message || '操作失败');
}

/** onSuccess/onError for a useMutation whose result may be `{ queued }` (sendOrQueue) or plain data. */
export function writeFeedback<T>(successText: string | ((data: T) => string)) {
  return {
    onSuccess: (data: T) =>
      showWriteSuccess(
        data as { queued?: boolean },
        typeof successText === 'function' ? successText(data) : successText,
      ),
    onError: showWriteError,
  };
}
