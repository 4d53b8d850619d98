import { useCallback, useLayoutEffect, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { askSaveDraft } from './ask-save-draft';

export interface LeaveGuardOptions {
  /** true while the form holds input that would be lost by leaving */
  unsaved: () => boolean;
  /** keeps the input (a server draft, or the local copy); the navigation waits for it */
  save: () => Promise<unknown> | void;
  /** the person chose 不保存 */
  discard?: () => void;
}

/**
 * Asks 保存草稿？ before any way out of a form with unsaved input: the title bar's 返回 and the phone's Back (both a
 * history step), a link or tab, and a closing tab (the browser's own question). 继续编辑 keeps the person where they
 * were; a save that fails keeps them there too, so nothing typed is lost.
 */
export function useLeaveGuard(options: LeaveGuardOptions): void {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const shouldBlockFn = useCallback(async () => {
    if (!latest.current.unsaved()) return false;
    const choice = await askSaveDraft();
    if (choice === 'stay') return true;
    if (choice === 'discard') {
      latest.current.discard?.();
      return false;
    }
    try {
      await latest.current.save();
      return false;
    } catch {
      return true;
    }
  }, []);
  const enableBeforeUnload = useCallback(() => latest.current.unsaved(), []);
  useBlocker({ shouldBlockFn, enableBeforeUnload });
}
