import { dialog, toast } from '@/ui/feedback';
import { setUid } from '@/lib/uid-store';
import { emitSessionEvent } from '@/lib/session-events';
import { ApiCode } from '@contract/envelope';
import { ApiError } from './api-error';

let expiryDialogOpen = false;

/**
 * Spec §8, 401: clear the uid, tell once in a dialog titled 系统提示 (parallel 401s share it), then let the shell log
 * out and sign in again. The session is gone whatever the person answers, so the dialog has the one button 确认.
 */
export async function handleSessionExpired(): Promise<void> {
  setUid(null);
  if (expiryDialogOpen) return;
  expiryDialogOpen = true;
  try {
    await dialog.alert({ title: '系统提示', content: '登录状态已过期', confirmText: '确认' });
  } finally {
    expiryDialogOpen = false;
    emitSessionEvent('expired');
  }
}

/** The server refuses every call but a few until the initial password is changed: the shell opens 我的 → 修改密码. */
function passwordChangeRequired(code: number | undefined): boolean {
  if (code !== ApiCode.passwordChangeRequired) return false;
  void emitSessionEvent('password-change-required');
  return true;
}

/** Spec §8 for an answer whose envelope code is not 200. */
export function businessFailure(code: number, msg: string, data: unknown, silent: boolean): ApiError {
  passwordChangeRequired(code);
  if (code === ApiCode.unauthorized) void handleSessionExpired();
  else if (code === ApiCode.forceLogout) emitSessionEvent('force-logout');
  else if (!silent) toast.fail(msg || '操作失败');
  return new ApiError('business', msg || '操作失败', { code, data });
}

/** Spec §8 for an HTTP status other than 2xx. */
export function httpFailure(
  status: number,
  msg: string | undefined,
  code: number | undefined,
  silent: boolean,
): ApiError {
  if (status === 401) {
    void handleSessionExpired();
    return new ApiError('http', msg || '登录状态已过期', { status, code });
  }
  if (code === ApiCode.forceLogout) {
    emitSessionEvent('force-logout');
    return new ApiError('http', msg || '', { status, code });
  }
  // the message (请先修改初始密码) is still shown below, so the person knows why the page changed
  passwordChangeRequired(code);
  const message =
    status === 502 ? '后台接口502异常！' : status === 404 ? '后台接口404异常！' : msg || `请求失败（${status}）`;
  if (!silent) toast.fail(message);
  return new ApiError('http', message, { status, code });
}
