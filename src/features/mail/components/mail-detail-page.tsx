import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MailAttachment, MailDetail, MailRecipient } from '@contract/mail';
import { MAIL_PRIORITY_LABELS } from '@contract/mail';
import { previewFile } from '@/components/file-preview/preview-store';
import { EmptyState } from '@/components/empty-state';
import { formatDate, formatSize } from '@/lib/format';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { dialog } from '@/ui/feedback';
import { downloadAttachment, hasThumbnail } from '../attachment-cache';
import { mailQueryOptions } from '../api/get-mail';
import { confidentialTargets } from '../confidential-preview';
import { useMailAction, useMarkMailRead, type MailAction } from '../api/act-on-mail';
import { AttachmentThumbnail } from './attachment-thumbnail';
import { MailActionBar, type MailBarAction } from './mail-action-bar';
import './mail-list.css';
import './mail-detail.css';

function previewPlain(mail: MailDetail, file: MailAttachment) {
  previewFile({
    fileName: file.fileName,
    name: file.attachName,
    size: file.size,
    group: mail.attachments.map((f) => ({ fileName: f.fileName, name: f.attachName, size: f.size })),
  });
}

/** A 机密 mail's attachment opens view-only, read from the mail's own address (the request layer says what failed). */
async function previewConfidential(mail: MailDetail, file: MailAttachment) {
  const group = await confidentialTargets(mail.attachments).catch(() => null);
  const target = group?.[mail.attachments.indexOf(file)];
  if (group && target) previewFile({ ...target, group, viewOnly: true });
}

function People({ label, people }: { label: string; people: MailRecipient[] }) {
  if (!people.length) return null;
  return (
    <div className="mail-people">
      <span className="mail-people-label">{label}：</span>
      {people.map((p) => (
        <span key={p.id} className="mail-person">
          {p.name}
          {p.readAt ? (
            <small className="mail-receipt">（已读 {formatDate(p.readAt, 'yyyy-MM-dd HH:mm')}）</small>
          ) : null}
        </span>
      ))}
    </div>
  );
}

/** A mail: opening it marks it read; star, reply, reply all, forward, delete; attachments; the thread. */
export function MailDetailPage({
  id,
  onDeleted,
}: {
  id: string;
  /** where to go once deleted (default: the inbox page) */ onDeleted?: () => void;
}) {
  const navigate = useNavigate();
  const query = useQuery(mailQueryOptions(id));
  const markRead = useMarkMailRead();
  const action = useMailAction();
  const marked = useRef(false);
  const mail = query.data;

  useEffect(() => {
    if (!mail || mail.seen || marked.current) return;
    marked.current = true;
    markRead.mutate({ id: mail.id, subject: mail.subject });
  }, [mail, markRead]);

  if (!mail) return query.isPending ? null : <EmptyState kind="emptydata" tip={query.error?.message ?? '邮件不存在'} />;

  const compose = (mode: 'reply' | 'replyAll' | 'forward') =>
    void navigate({ to: '/email/compose', search: { replyTo: mail.id, mode } });
  const act = (kind: MailAction) => action.mutate({ action: kind, id: mail.id, subject: mail.subject });
  const answers: MailBarAction[] = [
    { key: 'reply', label: '回复', icon: 'reply', tone: 'primary', onClick: () => compose('reply') },
    { key: 'replyAll', label: '回复全部', icon: 'replyAll', onClick: () => compose('replyAll') },
    // a 机密 mail stays with its recipients (the server refuses its forward too)
    ...(mail.confidential
      ? []
      : [{ key: 'forward', label: '转发', icon: 'forward', onClick: () => compose('forward') } as const]),
  ];
  const barActions = (m: MailDetail): MailBarAction[] => [
    ...(m.status === 'sent' ? answers : []),
    m.starred
      ? { key: 'star', label: '取消星标', icon: 'star', tone: 'on', onClick: () => act('unstar') }
      : { key: 'star', label: '星标', icon: 'star', onClick: () => act('star') },
    m.deleted
      ? { key: 'restore', label: '恢复', icon: 'restore', onClick: () => act('restore') }
      : { key: 'delete', label: '删除', icon: 'delete', tone: 'danger', onClick: () => void remove(m) },
  ];
  const remove = async (m: MailDetail) => {
    if (
      !(await dialog.confirm({
        content: '删除这封邮件？可在“已删除”中恢复。',
        confirmText: '删除',
        cancelText: '取消',
      }))
    )
      return;
    action.mutate(
      { action: 'delete', id: m.id, subject: m.subject },
      {
        onSuccess: () =>
          onDeleted ? onDeleted() : void navigate({ to: '/email/$folder', params: { folder: 'inbox' } }),
      },
    );
  };
  return (
    <article className="mail-page mail-detail">
      <h1 className="mail-detail-subject">
        {mail.confidential && <span className="mail-flag mail-flag-secret">机密</span>}
        {mail.priority !== 'normal' && <span className="mail-flag">{MAIL_PRIORITY_LABELS[mail.priority]}</span>}
        {mail.subject || '（无主题）'}
      </h1>
      <div className="mail-meta">
        <div className="mail-people">
          <span className="mail-people-label">发件人：</span>
          <span className="mail-person">{mail.sender.name}</span>
        </div>
        <People label="收件人" people={mail.to} />
        <People label="抄送" people={mail.cc} />
        <People label="密送" people={mail.bcc} />
        {mail.receivedAs === 'bcc' && (
          <div className="mail-people">
            <span className="mail-people-label">密送：</span>
            <span className="mail-person">我（其他收件人看不到）</span>
          </div>
        )}
        <div className="mail-time">
          {mail.sentAt
            ? formatDate(mail.sentAt, 'yyyy-MM-dd HH:mm')
            : `草稿 · ${formatDate(mail.updatedAt, 'yyyy-MM-dd HH:mm')}`}
        </div>
      </div>
      <div className="mail-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(mail.bodyHtml) }} />
      {mail.attachments.length > 0 && (
        <section className="mail-attachments" aria-label="附件">
          <h2>附件（{mail.attachments.length}）</h2>
          {mail.attachments.map((file) => (
            <div key={file.fileName} className="mail-attachment">
              {/* a 机密 picture shows only under the preview's watermark */}
              {hasThumbnail(file) && !mail.confidential && <AttachmentThumbnail file={file} />}
              <button
                type="button"
                className="mail-link"
                onClick={() => (mail.confidential ? void previewConfidential(mail, file) : previewPlain(mail, file))}
              >
                {file.attachName}
              </button>
              <small>{formatSize(file.size)}</small>
              {mail.confidential ? (
                <small className="mail-secret-note">仅可预览</small>
              ) : (
                <button
                  type="button"
                  className="mail-link"
                  onClick={() =>
                    void downloadAttachment(file).catch(() => undefined /* the request layer has said what failed */)
                  }
                >
                  下载
                </button>
              )}
            </div>
          ))}
        </section>
      )}
      {mail.thread.length > 1 && (
        <section className="mail-thread" aria-label="往来邮件">
          <h2>往来邮件（{mail.thread.length}）</h2>
          {mail.thread.map((item) =>
            item.id === mail.id ? (
              <div key={item.id} className="mail-thread-item mail-thread-current">
                {item.senderName} · {item.subject} · {formatDate(item.at, 'yyyy-MM-dd HH:mm')}
              </div>
            ) : (
              <Link key={item.id} className="mail-thread-item" to="/email/detail" search={{ id: item.id }}>
                {item.senderName} · {item.subject} · {formatDate(item.at, 'yyyy-MM-dd HH:mm')}
              </Link>
            ),
          )}
        </section>
      )}
      <MailActionBar actions={barActions(mail)} />
    </article>
  );
}
