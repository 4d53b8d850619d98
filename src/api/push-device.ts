import type { DroppedPushEndpoints, PushDevice } from '@contract/push';
import { readPushRecord, writePushRecord } from '@/lib/push-subscription-record';
import { ApiError, isNetworkError } from './api-error';
import { get, http, post, type RequestConfig } from './http';

/** Where this device stands with notifications outside the app. */
export type PushState =
  { kind: 'on'; endpoint: string } | { kind: 'off' } | { kind: 'denied' } | { kind: 'unsupported'; reason: string };

/** What 开启本机消息通知 says when the person (or the browser for them) refused the permission. */
export const PUSH_DENIED_TEXT = '通知权限已被拒绝，请在浏览器设置中允许';

/** The browser's push service would not subscribe this device (none reachable, or none at all). */
export class PushServiceError extends Error {
  constructor() {
    super('浏览器的推送服务不可用，无法开启消息通知，请稍后重试或更换浏览器');
    this.name = 'PushServiceError';
  }
}

/**
 * Why turning notifications on failed, in words a person can act on: the server's own answer (e.g. a push service
 * it does not accept), the browser's push service, or the network; never only 操作失败.
 */
export function pushFailureText(error: unknown, action: '开启' | '关闭' = '开启'): string {
  if (isNetworkError(error)) return '网络异常，请检查网络后重试';
  if ((error instanceof ApiError || error instanceof PushServiceError) && error.message) return error.message;
  return `${action}消息通知失败，请稍后重试`;
}

const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

function unsupportedReason(): string | null {
  const can = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (can) return null;
  // iOS and iPadOS push only to an app added to the home screen (16.4 and later)
  if (isIos() && !isStandalone()) return '请先在 Safari 中将本应用“添加到主屏幕”，再从主屏幕打开（需 iOS 16.4 及以上）';
  return '当前浏览器不支持消息通知，请使用系统浏览器或将本应用添加到主屏幕';
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration();
  return found ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** This device's state: on only when the browser holds a subscription the server also knows. */
export async function readPushState(): Promise<PushState> {
  const reason = unsupportedReason();
  if (reason) return { kind: 'unsupported', reason };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const reg = await registration();
  if (!reg) return { kind: 'unsupported', reason: '离线功能尚未就绪，请稍后再试' };
  const subscription = await reg.pushManager.getSubscription();
  if (!subscription) return { kind: 'off' };
  const devices = await get<(PushDevice & { endpoint: string })[]>('/api/push/subscriptions', undefined, {
    noLoading: true,
  });
  return devices.some((d) => d.endpoint === subscription.endpoint)
    ? { kind: 'on', endpoint: subscription.endpoint }
    : { kind: 'off' };
}

/** Turns notifications on for this device: the permission prompt comes only from this tap. */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? { kind: 'denied' } : { kind: 'off' };
  const reg = await registration();
  if (!reg) return { kind: 'unsupported', reason: '离线功能尚未就绪，请稍后再试' };
  // silent: the caller words every failure once (pushFailureText), the HTTP layer shows nothing of its own
  const key = await get<string>('/api/push/vapid-public-key', undefined, { silent: true });
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) })
      .catch((error: unknown) => {
        // Chromium answers AbortError "push service error" or "not available" when it reaches no push service
        throw error instanceof DOMException ? new PushServiceError() : error;
      }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  // the endpoint this device pushed to before, if the push service dropped it: the server forgets that it died
  const before = await readPushRecord(location.origin);
  const replaces = before && before.endpoint !== json.endpoint ? before.endpoint : undefined;
  await post('/api/push/subscriptions', { ...json, replaces }, { silent: true });
  // kept for the service worker's pushsubscriptionchange and for the 本机消息推送已失效 check
  await writePushRecord(location.origin, { ...json, applicationServerKey: key }).catch(() => undefined);
  return { kind: 'on', endpoint: subscription.endpoint };
}

/** Turns them off: the browser forgets the subscription and the server stops sending to it. */
export async function turnPushOff(): Promise<PushState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await http.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      data: { endpoint: subscription.endpoint },
    } as RequestConfig);
    await subscription.unsubscribe();
  }
  await writePushRecord(location.origin, null).catch(() => undefined);
  return { kind: 'off' };
}

/** The signed-in person's devices, each with the last notification it reported shown (我的 → 消息通知). */
export const listPushDevices = () =>
  get<(PushDevice & { endpoint: string })[]>('/api/push/subscriptions', undefined, { noLoading: true, silent: true });

/**
 * Whether the push service dropped the subscription this device last made (answered 404/410 to the server): then
 * the home page offers 本机消息推送已失效，点此重新开启. False when push was never turned on here.
 */
export async function pushDroppedHere(): Promise<boolean> {
  if (unsupportedReason()) return false;
  const record = await readPushRecord(location.origin);
  if (!record) return false;
  const dropped = await get<DroppedPushEndpoints>('/api/push/dropped', undefined, { noLoading: true, silent: true });
  return dropped.includes(record.endpoint);
}

/** Sends a test notification to every device of the signed-in person. */
export const sendTestPush = () => post('/api/push/test');
