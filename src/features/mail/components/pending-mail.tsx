import { useOutbox } from '@/offline/use-outbox';

/** Mail written offline waits in the outbox: shown on top of 已发送, with its attachments, until it has been sent. */
export function PendingMail() {
  const { entries } = useOutbox();
  // the send (POST /api/mail/messages, see useSendMail): drafts are never queued, so these are mails to send
  const mails = entries.filter((e) => e.url === '/api/mail/messages');
  if (!mails.length) return null;
  return (
    <section className="mail-pending" aria-label="待发送">
      <h2>待发送（联网后自动发送）</h2>
      {mails.map((entry) => {
        const files = [...attachedNames(entry.body), ...entry.files.map((f) => f.name)];
        return (
          <div key={entry.id} className="mail-pending-row">
            <span>
              {entry.label.replace(/^发送邮件/, '')}
              {files.length ? <small className="mail-pending-files">附件：{files.join('、')}</small> : null}
            </span>
            <small>
              {entry.status === 'conflict' || entry.status === 'failed'
                ? (entry.error ?? '发送失败')
                : entry.status === 'sending'
                  ? '正在发送'
                  : '等待发送'}
            </small>
          </div>
        );
      })}
    </section>
  );
}

/** Attachments uploaded before the mail was queued (they are in the body already). */
function attachedNames(body: unknown): string[] {
  const list = (body as { attachments?: unknown } | undefined)?.attachments;
  return Array.isArray(list) ? list.map((a) => (a as { attachName?: string }).attachName ?? '').filter(Boolean) : [];
}
