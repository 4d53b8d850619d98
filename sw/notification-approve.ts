/// <reference lib="WebWorker" />
import type { PushApproveAction } from '../contract/push';

declare const self: ServiceWorkerGlobalScope;

/** What a 待办 notification that may be approved keeps: the push's action and this notification's Idempotency-Key. */
export interface ApproveData {
  taskId: string;
  token: string;
  key: string;
}

/** The notification's buttons where the browser shows them (Chromium): 同意 and 查看. */
export const APPROVE_ACTIONS = [
  { action: 'approve', title: '同意' },
  { action: 'view', title: '查看' },
];

/** The push's approve field, checked (a payload is data from the network), with a fresh key for this notification. */
export function approveDataOf(raw: unknown): ApproveData | null {
  const action = raw as Partial<PushApproveAction> | null | undefined;
  if (typeof action?.taskId !== 'string' || typeof action.token !== 'string') return null;
  if (!/^[0-9a-f-]{36}$/i.test(action.taskId) || !action.token) return null;
  // one key per notification, kept in its data: a second tap on it replays the first answer, never a second 同意
  return { taskId: action.taskId, token: action.token, key: self.crypto.randomUUID() };
}

/** POST approve-from-notification; the request's title (已同意：<title>) or the server's reason in Chinese. */
async function approve(data: ApproveData): Promise<{ ok: boolean; title: string; reason: string }> {
  try {
    const answer = await fetch(`/api/flow/tasks/${encodeURIComponent(data.taskId)}/approve-from-notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': data.key },
      body: JSON.stringify({ token: data.token }),
      credentials: 'omit',
    });
    const body = (await answer.json().catch(() => null)) as { msg?: unknown; data?: { title?: unknown } } | null;
    const title = typeof body?.data?.title === 'string' ? body.data.title : '';
    const reason = typeof body?.msg === 'string' && body.msg ? body.msg : '操作未完成，请在应用中办理';
    return { ok: answer.ok, title, reason };
  } catch {
    return { ok: false, title: '', reason: '网络不可用，请稍后在应用中办理' };
  }
}

/**
 * 同意 tapped on a 待办 notification: the same write as the 办理 page (the action token stands in for the session), then
 * a follow-up notification in its place says how it went: 已同意：<title>, or why not (该申请已被发起人撤回, …).
 */
export async function approveFromNotification(notification: Notification, data: ApproveData, url: string) {
  const outcome = await approve(data);
  const item = outcome.title || notification.title.replace(/^(待办|催办)：/, '');
  await self.registration.showNotification(outcome.ok ? `已同意：${item}` : `未能同意：${item}`, {
    body: outcome.ok ? '' : outcome.reason,
    tag: notification.tag || undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    // a tap on the follow-up opens the item, as on the reminder
    data: { url },
  });
}
