import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 renders its imperative Toast/Dialog with the legacy ReactDOM.render, gone in React 19.
unstableSetRender((node, container) => {
  const host = container as Element & { __root?: Root };
  host.__root ??= createRoot(host);
  host.__root.render(node);
  return async () => {
    await Promise.resolve();
    host.__root?.unmount();
    delete host.__root;
  };
});

/** Spec §9 toast durations. */
export const TOAST_SHORT_MS = 2000;
export const TOAST_LONG_MS = 3500;
export const DIALOG_TEXT = { ok: '确定', cancel: '取消', confirm: '确认', title: '提示' } as const;

function show(content: string, icon: 'success' | 'fail' | undefined, long: boolean) {
  Toast.show({ content, icon, duration: long ? TOAST_LONG_MS : TOAST_SHORT_MS });
}

export const toast = {
  info: (content: string, long = false) => show(content, undefined, long),
  success: (content: string, long = false) => show(content, 'success', long),
  fail: (content: string, long = false) => show(content, 'fail', long),
  clear: () => Toast.clear(),
};

export interface DialogOptions {
  title?: string;
  content: React.ReactNode;
  confirmText?: string;
  cancelText?: string;
}

export const dialog = {
  alert: ({ title = DIALOG_TEXT.title, content, confirmText = DIALOG_TEXT.ok }: DialogOptions) =>
    Dialog.alert({ title, content, confirmText }),
  /** resolves true when the user confirms */
  confirm: ({ title = DIALOG_TEXT.title, content, confirmText = DIALOG_TEXT.confirm, cancelText = DIALOG_TEXT.cancel }: DialogOptions) =>
    Dialog.confirm({ title, content, confirmText, cancelText }),
  clear: () => Dialog.clear(),
};
