import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import type { UploadedFile } from '@contract/files';
import type { MailPerson } from '@contract/mail';
import type { MailWriteBody } from '@contract/mail-schemas';
import type { ReminderChannel } from '@contract/upms';
import { ReminderSelector } from '@/components/reminder-selector';
import { useStore } from '@/lib/store';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { isOnline } from '@/offline/online-status';
import { userStore } from '@/session/user-store';
import { toast } from '@/ui/feedback';
import { mailQueryOptions, recentContactsQueryOptions } from '../api/get-mail';
import { useSaveDraft, useSendMail } from '../api/write-mail';
import { answerOf, composeHtml, draftText } from '../compose-body';
import type { ComposeSearch } from '../search';
import { AttachmentPicker } from './attachment-picker';
import { RecipientField } from './recipient-field';
import './mail-list.css';
import './mail-detail.css';
import './mail-compose.css';

const AUTO_SAVE_MS = 5_000;

interface Draft {
  to: MailPerson[];
  cc: MailPerson[];
  bcc: MailPerson[];
  subject: string;
  text: string;
  quoted: string;
  attachments: UploadedFile[];
  /** picked, held on the phone: uploaded when the mail is sent or saved */
  held: File[];
  high: boolean;
  receipt: boolean;
  /** 机密: the recipients' reminders name only the sender and the subject */
  confidential: boolean;
  /** 提醒方式 of the send (the selector starts from 我的 → 提醒方式) */
  channels: string[];
}
const EMPTY: Draft = {
  to: [],
  cc: [],
  bcc: [],
  subject: '',
  text: '',
  quoted: '',
  attachments: [],
  held: [],
  high: false,
  receipt: false,
  confidential: false,
  channels: [],
};

/**
 * Write, reply, reply all, forward or continue a draft; saved to 草稿箱 automatically; sending works offline. Picked
 * attachments are held on the phone and uploaded with the send (by the outbox) or the draft save.
 */
export function ComposePage({ search }: { search: ComposeSearch }) {
  const navigate = useNavigate();
  const myId = useStore(userStore, (s) => s.user?.userVo.id ?? '');
  const source = search.draftId ?? search.replyTo;
  const original = useQuery({ ...mailQueryOptions(source ?? ''), enabled: Boolean(source) });
  const contacts = useQuery(recentContactsQueryOptions()).data ?? [];
  const [draft, setDraft] = useState<Draft>(() =>
    search.toId && !source ? { ...EMPTY, to: [{ id: search.toId, name: search.toName ?? '' }] } : EMPTY,
  );
  const [showCc, setShowCc] = useState(false);
  const [draftId, setDraftId] = useState(search.draftId);
  const filled = useRef(!source);
  const dirty = useRef(false);
  const send = useSendMail();
  const save = useSaveDraft();
  const [progress, setProgress] = useState<number | null>(null);
  const onUploadProgress = (percent: number) => setProgress(percent);

  // prefill once from the draft or the mail being answered
  useEffect(() => {
    const mail = original.data;
    if (filled.current || !mail) return;
    filled.current = true;
    if (search.draftId) {
      const names = (list: typeof mail.to) => list.map(({ id, name }) => ({ id, name }));
      setDraft((d) => ({
        to: names(mail.to),
        cc: names(mail.cc),
        bcc: names(mail.bcc),
        subject: mail.subject,
        ...draftText(mail.bodyHtml),
        attachments: mail.attachments,
        held: d.held,
        high: mail.priority === 'high',
        receipt: mail.receipt,
        confidential: mail.confidential,
        channels: d.channels,
      }));
      setShowCc(mail.cc.length + mail.bcc.length > 0);
    } else if (search.mode) {
      const answer = answerOf(mail, search.mode, myId);
      setDraft((d) => ({ ...EMPTY, ...answer, held: d.held, channels: d.channels }));
      setShowCc(answer.cc.length > 0);
    }
  }, [original.data, search.draftId, search.mode, myId]);

  const change = (patch: Partial<Draft>) => {
    dirty.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  };

  const bodyOf = (d: Draft): MailWriteBody => ({
    id: draftId,
    to: d.to.map((p) => p.id),
    cc: d.cc.map((p) => p.id),
    bcc: d.bcc.map((p) => p.id),
    subject: d.subject.trim(),
    bodyHtml: composeHtml(d.text, d.quoted),
    priority: d.high ? 'high' : 'normal',
    receipt: d.receipt,
    confidential: d.confidential,
    channels: d.channels as ReminderChannel[],
    attachments: d.attachments,
    ...(search.replyTo ? { parentId: search.replyTo, relation: search.mode === 'forward' ? 'forward' : 'reply' } : {}),
  });

  const saveNow = (quiet: boolean) => {
    if (!isOnline()) {
      if (!quiet) toast.info('离线时不能存草稿，可直接发送，联网后自动发出');
      return;
    }
    dirty.current = false;
    const files = draft.held;
    save.mutate(
      { body: bodyOf(draft), files, quiet, onUploadProgress },
      {
        onSuccess: (saved) => {
          setDraftId(saved.id);
          // the held files are attachments of the draft now
          if (files.length)
            setDraft((d) => ({ ...d, attachments: saved.attachments, held: d.held.filter((f) => !files.includes(f)) }));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  // auto-save: a few seconds after the last change, while online and not sending
  useEffect(() => {
    if (!dirty.current || send.isPending || save.isPending) return;
    const timer = setTimeout(() => saveNow(true), AUTO_SAVE_MS);
    return () => clearTimeout(timer);
  });

  const submit = () => {
    if (draft.to.length + draft.cc.length + draft.bcc.length === 0) return toast.info('请选择收件人');
    if (!draft.subject.trim()) return toast.info('请输入邮件主题');
    dirty.current = false;
    send.mutate(
      { body: bodyOf(draft), files: draft.held, onUploadProgress },
      {
        onSuccess: () => void navigate({ to: '/email/$folder', params: { folder: 'outbox' } }),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <form className="mail-page mail-compose-page" onSubmit={(e) => (e.preventDefault(), submit())}>
      <RecipientField label="收件人" value={draft.to} onChange={(to) => change({ to })} recent={contacts} offerRecent />
      {showCc ? (
        <>
          <RecipientField label="抄送" value={draft.cc} onChange={(cc) => change({ cc })} recent={contacts} />
          <RecipientField label="密送" value={draft.bcc} onChange={(bcc) => change({ bcc })} recent={contacts} />
        </>
      ) : (
        <button type="button" className="mail-link mail-cc-toggle" onClick={() => setShowCc(true)}>
          添加抄送 / 密送
        </button>
      )}
      <label className="mail-field">
        <span className="mail-field-label">主题</span>
        <input
          className="mail-input"
          value={draft.subject}
          maxLength={200}
          placeholder="请输入邮件主题"
          onChange={(e) => change({ subject: e.target.value })}
          aria-label="主题"
        />
      </label>
      <textarea
        className="mail-text"
        value={draft.text}
        placeholder="请输入正文"
        rows={8}
        maxLength={20000}
        onChange={(e) => change({ text: e.target.value })}
        aria-label="正文"
      />
      {draft.quoted && (
        <blockquote className="mail-quoted" dangerouslySetInnerHTML={{ __html: sanitizeHtml(draft.quoted) }} />
      )}
      <AttachmentPicker
        value={draft.attachments}
        onChange={(attachments) => change({ attachments })}
        held={draft.held}
        onHeldChange={(held) => change({ held })}
        progress={progress}
      />
      <div className="mail-switches">
        <label>
          <input type="checkbox" checked={draft.high} onChange={(e) => change({ high: e.target.checked })} /> 重要
        </label>
        <label>
          <input type="checkbox" checked={draft.receipt} onChange={(e) => change({ receipt: e.target.checked })} />{' '}
          已读回执
        </label>
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={draft.confidential}
            onChange={(e) => change({ confidential: e.target.checked })}
          />{' '}
          机密
        </label>
      </div>
      <ReminderSelector value={draft.channels} onChange={(channels) => setDraft((d) => ({ ...d, channels }))} />
      <div className="mail-actions mail-compose-actions">
        <Button onClick={() => saveNow(false)} loading={save.isPending && !dirty.current}>
          存草稿
        </Button>
        {/* while a save uploads the held files, a send would upload them a second time */}
        <Button color="primary" type="submit" loading={send.isPending} disabled={save.isPending}>
          发送
        </Button>
      </div>
    </form>
  );
}
