import { NO_NETWORK_TEXT } from './no-network-text';
import { plainToast } from './plain-toast';

/** Spec §9 toast durations. */
export const TOAST_SHORT_MS = 2000;
export const TOAST_LONG_MS = 3500;
export const DIALOG_TEXT = { ok: '确定', cancel: '取消', confirm: '确认', title: '提示' } as const;

type Antd = typeof import('./antd-feedback');
let antd: Promise<Antd> | null = null;
let ready: Antd | null = null;

/**
 * antd-mobile's Toast and Dialog, fetched on first use; calls made meanwhile run in order once it is there. A fetch
 * that failed (offline before the service worker had cached the build) is forgotten, so the next call tries again.
 */
export function loadFeedback(): Promise<Antd> {
  antd ??= import('./antd-feedback').then(
    (mod) => (ready = mod),
    (error: unknown) => {
      antd = null;
      throw error;
    },
  );
  return antd;
}

// once loaded, calls stay synchronous (a clear right after a show must not overtake it)
function withAntd<T>(fn: (mod: Antd) => T | Promise<T>): Promise<T> {
  return ready ? Promise.resolve(fn(ready)) : loadFeedback().then(fn);
}

function show(content: string, icon: 'success' | 'fail' | undefined, long: boolean) {
  const duration = long ? TOAST_LONG_MS : TOAST_SHORT_MS;
  withAntd(({ Toast }) => Toast.show({ content, icon, duration })).catch(() => plainToast(content, duration));
}

export const toast = {
  info: (content: string, long = false) => show(content, undefined, long),
  success: (content: string, long = false) => show(content, 'success', long),
  fail: (content: string, long = false) => show(content, 'fail', long),
  clear: () => void (antd && withAntd(({ Toast }) => Toast.clear())),
};

export interface DialogOptions {
  title?: string;
  content: React.ReactNode;
  confirmText?: string;
  cancelText?: string;
}

export const dialog = {
  alert: ({ title = DIALOG_TEXT.title, content, confirmText = DIALOG_TEXT.ok }: DialogOptions): Promise<void> =>
    withAntd(({ Dialog }) => Dialog.alert({ title, content, confirmText })).catch(() =>
      plainToast(typeof content === 'string' ? content : title, TOAST_LONG_MS),
    ),
  /** resolves true when the user confirms */
  confirm: ({
    title = DIALOG_TEXT.title,
    content,
    confirmText = DIALOG_TEXT.confirm,
    cancelText = DIALOG_TEXT.cancel,
  }: DialogOptions): Promise<boolean> =>
    // a question that cannot be asked is not confirmed: the user is told the action did not start
    withAntd(({ Dialog }) => Dialog.confirm({ title, content, confirmText, cancelText })).catch(
      () => (plainToast(NO_NETWORK_TEXT, TOAST_LONG_MS), false),
    ),
  clear: () => void (antd && withAntd(({ Dialog }) => Dialog.clear())),
};
