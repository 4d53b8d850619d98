import type { MailDetail } from '@contract/mail';
import type { ComposeMode } from './search';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the user typed (plain text) as HTML paragraphs, then the quoted original of a reply or forward. */
export function composeHtml(text: string, quoted: string): string {
  const paragraphs = text
    .split(/\n/)
    .map((line) => `<p>${escapeHtml(line) || '<br>'}</p>`)
    .join('');
  return quoted ? `${paragraphs}<blockquote>${quoted}</blockquote>` : paragraphs;
}

/** The typed text back out of a saved draft's HTML (its own paragraphs, before any quote). */
export function draftText(html: string): { text: string; quoted: string } {
  const quoteAt = html.indexOf('<blockquote>');
  const own = quoteAt >= 0 ? html.slice(0, quoteAt) : html;
  const quoted = quoteAt >= 0 ? html.slice(quoteAt + '<blockquote>'.length).replace(/<\/blockquote>$/, '') : '';
  const doc = new DOMParser().parseFromString(own.replace(/<\/p>/g, '\n').replace(/<br>/g, ''), 'text/html');
  return { text: (doc.body.textContent ?? '').replace(/\n$/, ''), quoted };
}

const PREFIX: Record<ComposeMode, string> = { reply: '回复：', replyAll: '回复：', forward: '转发：' };

/** Subject, recipients and quote of an answer to `mail`, as mature mail clients prefill them. */
export function answerOf(mail: MailDetail, mode: ComposeMode, myId: string) {
  const prefix = PREFIX[mode];
  const subject = mail.subject.startsWith(prefix) ? mail.subject : `${prefix}${mail.subject}`;
  const header = `<p>—— 原邮件 ——</p><p>发件人：${escapeHtml(mail.sender.name)}</p><p>主题：${escapeHtml(mail.subject)}</p>`;
  const quoted = `${header}${mail.bodyHtml}`;
  if (mode === 'forward') return { subject, to: [], cc: [], quoted, attachments: mail.attachments };
  const sender = { id: mail.sender.id, name: mail.sender.name };
  if (mode === 'reply') return { subject, to: [sender], cc: [], quoted, attachments: [] };
  const others = [...mail.to, ...mail.cc]
    .filter((p) => p.id !== myId && p.id !== sender.id)
    .map(({ id, name }) => ({ id, name }));
  return {
    subject,
    to: sender.id === myId ? others : [sender],
    cc: sender.id === myId ? [] : others,
    quoted,
    attachments: [],
  };
}
