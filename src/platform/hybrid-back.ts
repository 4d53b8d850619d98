import { DOUBLE_BACK_EXIT_MS } from '@/lib/spec-limits';
import { toast } from '@/ui/feedback';
import { platformConfig } from './platform-config';

export const EXIT_HINT = '再按一次退出应用';

export type BackAction = 'close-mask' | 'warn' | 'exit' | 'back';

/** What the native back button does: an open popup closes first; on a home page it warns, then exits (two presses within DOUBLE_BACK_EXIT_MS, spec §4); else back. */
export function decideBack(state: {
  maskOpen: boolean;
  isHome: boolean;
  lastHomePressAt: number | null;
  now: number;
}): BackAction {
  if (state.maskOpen) return 'close-mask';
  if (!state.isHome) return 'back';
  if (state.lastHomePressAt !== null && state.now - state.lastHomePressAt < DOUBLE_BACK_EXIT_MS) return 'exit';
  return 'warn';
}

/**
 * The top-most visible antd-mobile mask (Popup, ActionSheet, Dialog …), if any. A toast draws a mask too (the
 * exit hint itself): it is not something the user opened, so it does not count.
 */
export function findOpenMask(root: ParentNode = document): HTMLElement | null {
  const masks = [...root.querySelectorAll<HTMLElement>('.adm-mask:not(.adm-toast-mask)')].filter(
    (el) => el.style.display !== 'none',
  );
  return masks.at(-1) ?? null;
}

interface PlusBridge {
  key: {
    addEventListener(event: 'backbutton', fn: () => void, capture?: boolean): void;
    removeEventListener(event: 'backbutton', fn: () => void): void;
  };
  runtime: { quit(): void };
}
declare global {
  interface Window {
    plus?: PlusBridge;
  }
}

export interface HybridBackOptions {
  isHome: () => boolean;
  goBack: () => void;
  now?: () => number;
}

/** Creates the back-button handler (separate from the bridge so it can be driven by tests). */
export function createBackHandler(options: HybridBackOptions & { exit: () => void }): () => BackAction {
  const now = options.now ?? Date.now;
  let lastHomePressAt: number | null = null;
  return () => {
    const mask = findOpenMask();
    const at = now();
    const action = decideBack({ maskOpen: !!mask, isHome: options.isHome(), lastHomePressAt, now: at });
    if (action === 'close-mask') mask?.click();
    else if (action === 'back') options.goBack();
    else if (action === 'exit') options.exit();
    else toast.info(EXIT_HINT);
    lastHomePressAt = action === 'warn' ? at : null;
    return action;
  };
}

/**
 * In the native app shell (HTML5+ / uni-app: `plus.key` 'backbutton', available after 'plusready') the hardware back
 * button is ours to handle; elsewhere this does nothing. Returns an uninstall function.
 */
export function installHybridBack(options: HybridBackOptions): () => void {
  if (platformConfig.hostApp !== 'uniapp' || typeof document === 'undefined') return () => undefined;
  let bridge: PlusBridge | null = null;
  const handler = createBackHandler({ ...options, exit: () => bridge?.runtime.quit() });
  const onBack = () => void handler();
  const attach = () => {
    if (bridge || !window.plus) return;
    bridge = window.plus;
    bridge.key.addEventListener('backbutton', onBack, false);
  };
  attach();
  document.addEventListener('plusready', attach);
  return () => {
    document.removeEventListener('plusready', attach);
    bridge?.key.removeEventListener('backbutton', onBack);
  };
}
