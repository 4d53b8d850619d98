import { loadFeedback } from '@/ui/feedback';

/** What the person chose when leaving a form with input that is not saved yet. */
export type LeaveChoice = 'save' | 'discard' | 'stay';

export const SAVE_DRAFT_TEXT = {
  title: '保存草稿？',
  content: '填写的内容还没有保存',
  save: '保存草稿',
  discard: '不保存',
  stay: '继续编辑',
} as const;

/**
 * Asks 保存草稿？ with three answers. A tap on the mask (or the phone's Back while it is open) keeps the person on
 * the form. When the dialog cannot be shown (offline before the build was cached) the input is kept: losing it
 * silently is the one outcome this question exists to prevent.
 */
export function askSaveDraft(): Promise<LeaveChoice> {
  return loadFeedback().then(
    ({ Dialog }) =>
      new Promise<LeaveChoice>((resolve) => {
        let chosen: LeaveChoice = 'stay';
        Dialog.show({
          title: SAVE_DRAFT_TEXT.title,
          content: SAVE_DRAFT_TEXT.content,
          closeOnAction: true,
          closeOnMaskClick: true,
          actions: [
            { key: 'save', text: SAVE_DRAFT_TEXT.save, bold: true },
            [
              { key: 'discard', text: SAVE_DRAFT_TEXT.discard, danger: true },
              { key: 'stay', text: SAVE_DRAFT_TEXT.stay },
            ],
          ],
          onAction: (action) => void (chosen = action.key as LeaveChoice),
          onClose: () => resolve(chosen),
        });
      }),
    () => 'save' as const,
  );
}
