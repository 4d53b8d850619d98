import { useOutbox } from '@/offline/use-outbox';

/** Mail written offline waits in the outbox: shown on top of 已发送 until it has been sent. */
export function PendingMail() {
  const { entries } = useOutbox();
  const mails = entries.filter((e) => e.url === '/api/mail/messages');
  if (!mails.length) return null;
  return (
    <section className="mail-pending" aria-label="待发送">
      <h2>待发送（联网后自动发送）</h2>
      {mails.map((entry) => (
        <div key={entry.id} className="mail-pending-row">
          <span>{entry.label.replace(/^发送邮件/, '')}</span>
          <small>{entry.status === 'conflict' || entry.status === 'failed' ? entry.error ?? '发送失败' : '等待发送'}</small>
        </div>
      ))}
    </section>
  );
}
