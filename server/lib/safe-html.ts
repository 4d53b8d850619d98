/*
 * Server-side HTML sanitising for user-written bodies (mail). The output is rebuilt from tokens: only the tags below
 * survive, with only the attributes below, and every other `<` or `>` is escaped, so nothing a browser could execute
 * (script, event handlers, javascript: links, style, iframes) is ever stored. The client sanitises again on render.
 */

const ALLOWED_TAGS = new Set([
  'p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Whose content is dropped along with the tag (never shown as text either). */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'select', 'xmp', 'noembed', 'noframes']);

// links: web, mail or an app path; images: the app's own files or https. No `&` so no entity can smuggle a scheme.
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?![/\\]))[^\s"'<>`&\\]*$/i;
const SAFE_SRC = /^(https:\/\/|\/api\/(?![/\\]))[^\s"'<>`&\\]*$/i;
const ENTITY = /^&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'<>\/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>`]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'<>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`]+)))?/g;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '"') out += '&quot;';
    else if (c === '&') out += ENTITY.test(text.slice(i, i + 40)) ? '&' : '&amp;';
    else out += c;
  }
  return out;
}

function safeAttributes(tag: string, raw: string): string {
  const kept: string[] = [];
  for (const match of raw.matchAll(ATTR)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (tag === 'a' && name === 'href' && SAFE_HREF.test(value)) kept.push(`href="${value}"`, 'target="_blank"', 'rel="noopener noreferrer"');
    if (tag === 'img' && name === 'src' && SAFE_SRC.test(value)) kept.push(`src="${value}"`);
    if (tag === 'img' && name === 'alt') kept.push(`alt="${escapeText(value)}"`);
    if ((tag === 'td' || tag === 'th') && (name === 'colspan' || name === 'rowspan') && /^\d{1,3}$/.test(value)) kept.push(`${name}="${value}"`);
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

/** Sanitised HTML: allowed tags and attributes only, text escaped, tags balanced by the browser's parser on render. */
export function sanitizeHtml(html: string): string {
  let out = '';
  let last = 0;
  let dropping: string | null = null;
  for (const match of html.matchAll(TAG)) {
    const index = match.index;
    if (!dropping) out += escapeText(html.slice(last, index));
    last = index + match[0].length;
    const [, closing, rawName] = match;
    if (!rawName) continue; // a comment
    const tag = rawName.toLowerCase();
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing && !match[0].endsWith('/>')) dropping = tag;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (closing) out += VOID_TAGS.has(tag) ? '' : `</${tag}>`;
    else out += `<${tag}${safeAttributes(tag, match[3] ?? '')}>`;
  }
  if (!dropping) out += escapeText(html.slice(last));
  return out;
}

const NAMED: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The readable text of (sanitised) HTML: for search and the list summary. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16) || 32);
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)) || 32);
      return NAMED[code.toLowerCase()] ?? entity;
    })
    .replace(/[ \t\f\r]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
