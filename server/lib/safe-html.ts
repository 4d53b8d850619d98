import sanitize from 'sanitize-html';
import { plainVoidTags, strictBase } from './sanitize-html';

/*
 * Server-side HTML sanitising for user-written bodies (mail), by the maintained `sanitize-html` (htmlparser2): only
 * the tags below survive, with only the attributes below, and every text and attribute value is escaped, so nothing
 * a browser could execute (script, event handlers, javascript: links, style, iframes) is ever stored. The client
 * sanitises again on render.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

// links: web, mail or an app path; images: the app's own files or https. Values are compared decoded, so no entity
// can smuggle a scheme; control characters and spaces (which browsers skip inside a scheme) make a value unsafe.
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?![/\\]))[^\s"'<>`&\\\u0000-\u001f\u007f-\u009f]*$/i;
const SAFE_SRC = /^(https:\/\/|\/api\/(?![/\\]))[^\s"'<>`&\\\u0000-\u001f\u007f-\u009f]*$/i;

const spans = (attribs: sanitize.Attributes) => {
  const kept: sanitize.Attributes = {};
  for (const name of ['colspan', 'rowspan']) if (/^\d{1,3}$/.test(attribs[name] ?? '')) kept[name] = attribs[name]!;
  return kept;
};

const options: sanitize.IOptions = {
  ...strictBase,
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  transformTags: {
    // a link opens outside the app only when it has a safe target; a link without one is plain text in an <a>
    a: (tagName, attribs) => {
      const kept: sanitize.Attributes = SAFE_HREF.test(attribs.href ?? '')
        ? { href: attribs.href!, target: '_blank', rel: 'noopener noreferrer' }
        : {};
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const kept: sanitize.Attributes = {};
      if (SAFE_SRC.test(attribs.src ?? '')) kept.src = attribs.src!;
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      return { tagName, attribs: kept };
    },
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
  },
};

/** Sanitised HTML: allowed tags and attributes only, text escaped. */
export function sanitizeHtml(html: string): string {
  return plainVoidTags(sanitize(html, options));
}

const NAMED: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The readable text of (sanitised) HTML: for search and the list summary. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(code.slice(2), 16) || 32);
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)) || 32);
      return NAMED[code.toLowerCase()] ?? entity;
    })
    .replace(/[ \t\f\r]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
