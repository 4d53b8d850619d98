import TextArea from 'antd-mobile/es/components/text-area';
import { meetingRules } from '@contract/meeting';
import { loadFeedback } from '@/ui/feedback';

/**
 * 拒绝 asks why before it is sent: the reason is optional (拒绝原因（选填）), and the organiser reads it in the 参会人
 * list. Resolves the trimmed reason ('' for none), or null when the user keeps the invitation. The dialog is the app's
 * one lazily loaded antd-mobile Dialog (src/ui/feedback.ts), so the meeting page carries no Dialog of its own.
 */
export async function askDeclineReason(subject: string): Promise<string | null> {
  const { Dialog } = await loadFeedback();
  let reason = '';
  return new Promise((resolve) => {
    const handler = Dialog.show({
      title: '拒绝邀请',
      content: (
        <div className="meeting-decline">
          <p className="meeting-muted">{`确定拒绝「${subject}」吗？`}</p>
          <TextArea
            aria-label="拒绝原因（选填）"
            placeholder="拒绝原因（选填）"
            rows={3}
            maxLength={meetingRules.declineReason.max}
            showCount
            onChange={(value) => (reason = value)}
          />
        </div>
      ),
      closeOnMaskClick: true,
      onClose: () => resolve(null),
      actions: [
        [
          { key: 'cancel', text: '取消', onClick: () => handler.close() },
          {
            key: 'decline',
            text: '确定拒绝',
            danger: true,
            bold: true,
            onClick: () => {
              // the TextArea's maxLength keeps it within the rule; the server checks the same rule again
              resolve(reason.trim());
              handler.close();
            },
          },
        ],
      ],
    });
  });
}
