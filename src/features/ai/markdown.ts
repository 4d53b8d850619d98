import { Marked } from 'marked';
import { sanitizeHtml } from '@/lib/sanitize-html';

// Answers are written by a model that may have read text planted by someone else (a flow title, a mail), so its
// Markdown is untrusted: raw HTML is shown as text, links keep only safe schemes, images never load by themselves
// (an image URL can carry data out of the page), and the result still goes through the app's HTML sanitizer.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** http(s), mailto, tel and the app's own paths; browsers ignore control characters and spaces inside a scheme. */
export function isSafeHref(href: string): boolean {
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, '');
  if (/^&#|&colon;|&Tab;|&NewLine;/i.test(compact)) return false;
  return /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i.test(compact);
}

const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      if (!isSafeHref(href)) return label;
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${label}</a>`;
    },
    image({ href, text }) {
      const label = `[图片] ${escapeHtml(text || href)}`;
      return /^https?:\/\//i.test(href) && isSafeHref(href)
        ? `<a href="${escapeHtml(href)}">${label}</a>`
        : escapeHtml(label);
    },
  },
});

/** An assistant's Markdown (headings, lists, code blocks, tables, links) → sanitised HTML for dangerouslySetInnerHTML. */
export function renderMarkdown(source: string): string {
  if (!source) return '';
  return sanitizeHtml(markdown.parse(source) as string);
}
