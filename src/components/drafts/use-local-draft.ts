import { useCallback, useRef, useState } from 'react';
import { SESSION_KEYS, readJson, writeJson } from '@/lib/local-keys';
import { userStore } from '@/session/user-store';
import { useLeaveGuard } from './use-leave-guard';

/** Where a form's unsent input is kept on this device: per person (a shared phone shows no one else's) and form. */
export function localDraftKey(form: string): string {
  const userId = userStore.get().user?.userVo.id ?? readJson<string>(SESSION_KEYS.userId, '');
  return `oa.draft.${userId}.${form}`;
}

export interface LocalDraft<T> {
  /** what was kept when the form was last left (or the app closed) with input, read once when the form opens */
  restored: T | null;
  /** call with the form's values on every change: kept at once, so a killed app loses nothing */
  keep: (values: T) => void;
  /** the input went out (sent, published, saved on the server): nothing is left to keep or ask about */
  clear: () => void;
}

/**
 * Autosaves a form that has no draft on the server (资讯 publish, 日程, 会议, 评论) on this device while the person
 * types, gives it back when the form opens again, and asks 保存草稿？ on leaving with input: 保存草稿 keeps the copy
 * for next time, 不保存 forgets it. `form` names the form and what it belongs to (e.g. `comment.<instanceId>`).
 */
export function useLocalDraft<T>(form: string, isEmpty: (values: T) => boolean): LocalDraft<T> {
  const [restored] = useState(() => readJson<T | null>(localDraftKey(form), null));
  const unsaved = useRef(false);
  const keep = useCallback(
    (values: T) => {
      const empty = isEmpty(values);
      writeJson(localDraftKey(form), empty ? null : values);
      unsaved.current = !empty;
    },
    [form, isEmpty],
  );
  const clear = useCallback(() => {
    writeJson(localDraftKey(form), null);
    unsaved.current = false;
  }, [form]);
  useLeaveGuard({
    unsaved: () => unsaved.current,
    // the copy is already kept: leaving is all that is left to do
    save: () => void (unsaved.current = false),
    discard: clear,
  });
  return { restored, keep, clear };
}
