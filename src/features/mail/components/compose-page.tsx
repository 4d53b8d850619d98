import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import type { UploadedFile } from '@contract/files';
import { mailSendRules, type MailPerson } from '@contract/mail';
import type { MailWriteBody } from '@contract/mail-schemas';
import type { ReminderChannel } from '@contract/upms';
import { AppForm, byItem, checkRule, textRules } from '@/components/app-form';
import { useLeaveGuard } from '@/components/drafts/use-leave-guard';
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

const { Item } = AppForm;

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

const hasInput = (d: Draft) =>
  d.to.length + d.cc.length + d.bcc.length + d.attachments.length + d.held.length > 0 ||
  Boolean(d.subject.trim() || d.text.trim());

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
  const [form] = AppForm.useForm<Draft>();
  const [initial] = useState<Draft>(() =>
    search.toId && !source ? { ...EMPTY, to: [{ id: search.toId, name: search.toName ?? '' }] } : EMPTY,
  );
  // every value, also of the fields a choice hides (抄送 / 密送 before they are shown)
  const values = () => form.getFieldsValue(true) as Draft;
  const quoted: string = AppForm.useWatch('quoted', { form, preserve: true }) ?? initial.quoted;
  const held: File[] = AppForm.useWatch('held', { form, preserve: true }) ?? initial.held;
  const [showCc, setShowCc] = useState(false);
  const [draftId, setDraftId] = useState(search.draftId);
  const filled = useRef(!source);
  const dirty = useRef(false);
  // counts the user's edits, so the auto-save below waits for the last one (the form's fields re-render alone)
  const [, setEdits] = useState(0);
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
      form.setFieldsValue({
        to: names(mail.to),
        cc: names(mail.cc),
        bcc: names(mail.bcc),
        subject: mail.subject,
        ...draftText(mail.bodyHtml),
        attachments: mail.attachments,
        high: mail.priority === 'high',
        receipt: mail.receipt,
        confidential: mail.confidential,
      });
      setShowCc(mail.cc.length + mail.bcc.length > 0);
    } else if (search.mode) {
      const answer = answerOf(mail, search.mode, myId);
      const { held: keptHeld, channels } = form.getFieldsValue(true) as Draft;
      // an answer in a 机密 thread is 机密 (the server makes it so): the box says it from the start
      form.setFieldsValue({ ...EMPTY, ...answer, confidential: mail.confidential, held: keptHeld, channels });
      setShowCc(answer.cc.length > 0);
    }
  }, [form, original.data, search.draftId, search.mode, myId]);

  const edited = () => {
    dirty.current = true;
    setEdits((n) => n + 1);
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

  const saveNow = async (quiet: boolean) => {
    if (!isOnline()) {
      if (!quiet) toast.info('离线时不能存草稿，可直接发送，联网后自动发出');
      throw new Error('offline');
    }
    dirty.current = false;
    const draft = values();
    const files = draft.held;
    await save.mutateAsync(
      { body: bodyOf(draft), files, quiet, onUploadProgress },
      {
        onSuccess: (saved) => {
          setDraftId(saved.id);
          // the held files are attachments of the draft now
          if (files.length)
            form.setFieldsValue({
              attachments: saved.attachments,
              held: values().held.filter((f) => !files.includes(f)),
            });
        },
        onError: () => void (dirty.current = true),
        onSettled: () => setProgress(null),
      },
    );
  };
  const saveQuietly = () => void saveNow(true).catch(() => undefined);

  // 返回 or Back before the auto-save ran: 保存草稿 writes it to 草稿箱 first (a failed save keeps the page open)
  useLeaveGuard({ unsaved: () => dirty.current && hasInput(values()), save: () => saveNow(false) });

  // auto-save: a few seconds after the last change, while online and not sending
  useEffect(() => {
    if (!dirty.current || send.isPending || save.isPending) return;
    const timer = setTimeout(saveQuietly, AUTO_SAVE_MS);
    return () => clearTimeout(timer);
  });

  // called once the send's rules (the contract's, which the server applies too) passed
  const submit = () => {
    const draft = values();
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
    <AppForm
      form={form}
      name="mail"
      initialValues={initial}
      className="mail-page mail-compose-page"
      problemToast="info"
      // 提醒方式 is how this send reminds, not a change of the mail: it does not start an auto-save
      onValuesChange={(changed: Partial<Draft>) => !('channels' in changed) && edited()}
      onFinish={submit}
    >
      <Item
        name="to"
        noStyle
        dependencies={['cc', 'bcc']}
        rules={[
          checkRule(() => {
            const { to, cc, bcc } = values();
            return to.length + cc.length + bcc.length ? null : mailSendRules.recipients;
          }),
        ]}
      >
        <RecipientField label="收件人" {...byItem} recent={contacts} offerRecent />
      </Item>
      {showCc ? (
        <>
          <Item name="cc" noStyle>
            <RecipientField label="抄送" {...byItem} recent={contacts} />
          </Item>
          <Item name="bcc" noStyle>
            <RecipientField label="密送" {...byItem} recent={contacts} />
          </Item>
        </>
      ) : (
        <button type="button" className="mail-link mail-cc-toggle" onClick={() => setShowCc(true)}>
          添加抄送 / 密送
        </button>
      )}
      <label className="mail-field">
        <span className="mail-field-label">主题</span>
        <Item name="subject" noStyle rules={textRules(mailSendRules.subject)}>
          <input className="mail-input" maxLength={200} placeholder="请输入邮件主题" aria-label="主题" />
        </Item>
      </label>
      <Item name="text" noStyle>
        <textarea className="mail-text" placeholder="请输入正文" rows={8} maxLength={20000} aria-label="正文" />
      </Item>
      {quoted && <blockquote className="mail-quoted" dangerouslySetInnerHTML={{ __html: sanitizeHtml(quoted) }} />}
      <Item name="attachments" noStyle>
        <AttachmentPicker
          {...byItem}
          held={held}
          onHeldChange={(files) => (form.setFieldValue('held', files), edited())}
          progress={progress}
        />
      </Item>
      <div className="mail-switches">
        <label>
          <Item name="high" noStyle valuePropName="checked">
            <input type="checkbox" />
          </Item>{' '}
          重要
        </label>
        <label>
          <Item name="receipt" noStyle valuePropName="checked">
            <input type="checkbox" />
          </Item>{' '}
          已读回执
        </label>
        <label>
          <Item name="confidential" noStyle valuePropName="checked">
            <input type="checkbox" role="switch" disabled={Boolean(search.mode && original.data?.confidential)} />
          </Item>{' '}
          机密
        </label>
      </div>
      <Item name="channels" noStyle>
        <ReminderSelector {...byItem} />
      </Item>
      <div className="mail-actions mail-compose-actions">
        <Button onClick={() => void saveNow(false).catch(() => undefined)} loading={save.isPending && !dirty.current}>
          存草稿
        </Button>
        {/* while a save uploads the held files, a send would upload them a second time */}
        <Button color="primary" type="submit" loading={send.isPending} disabled={save.isPending}>
          发送
        </Button>
      </div>
    </AppForm>
  );
}
