/*
 * Server-side allow-list for user-written HTML (资讯 bodies), applied on save. The client sanitises again with
 * DOMPurify when rendering (src/lib/sanitize-html.ts); this pass makes sure the stored markup is already harmless
 * for any other reader (exports, other clients). It rebuilds every kept tag from parsed attributes, so nothing the
 * author typed reaches the output unescaped except the tags and attributes listed here.
 */

const KEPT_TAGS = new Set([
  'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** dropped together with everything inside them */
const DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'title', 'xmp', 'noembed', 'noframes'];
const KEPT_ATTRS: Record<string, string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'title'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] };

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** body images are uploads of the file service; anything else (tracking pixels, data: URLs) is dropped */
const IMAGE_SRC = new RegExp(`^/api/form/common/api/preview\\?fileName=(${uuid})$`, 'i');
const SAFE_HREF = /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*|mailto:[^\s]+|tel:[+\d\s-]+)$/i;

const escapeText = (text: string) => text.replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const decodeEntities = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => safeChar(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => safeChar(parseInt(dec, 10)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const safeChar = (code: number) => (code > 0 && code < 0x110000 && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '');

function attributesOf(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attrs;
}

function keptAttribute(tag: string, name: string, value: string): string | null {
  // browsers ignore control characters and spaces inside a scheme ("java\tscript:"): compare without them
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (name === 'href') return SAFE_HREF.test(compact) ? compact : null;
  if (name === 'src') return tag === 'img' && IMAGE_SRC.test(compact) ? compact : null;
  if (name === 'colspan' || name === 'rowspan') return /^\d{1,3}$/.test(compact) ? compact : null;
  return value.slice(0, 500);
}

function rebuildTag(tag: string, closing: boolean, attrSource: string): string {
  if (closing) return VOID_TAGS.has(tag) ? '' : `</${tag}>`;
  let out = `<${tag}`;
  for (const [name, value] of attributesOf(attrSource)) {
    if (!(KEPT_ATTRS[tag] ?? []).includes(name)) continue;
    const kept = keptAttribute(tag, name, value);
    if (kept !== null) out += ` ${name}="${escapeAttr(kept)}"`;
  }
  if (tag === 'a') out += ' target="_blank" rel="noopener noreferrer"';
  if (tag === 'img' && !/ src="/.test(out)) return '';
  return `${out}>`;
}

/** Untrusted HTML → markup built only from the allowed tags and attributes; other tags vanish, their text stays. */
export function sanitizeHtml(html: string): string {
  let input = html.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/gi, '').replace(/<![^>]*>?/g, '');
  for (const tag of DROPPED_WITH_CONTENT) input = input.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(</${tag}\\s*>|$)`, 'gi'), '');
  let out = '';
  let last = 0;
  // bounded and disjoint alternatives: a stray "<a" or an unclosed quote costs a bounded scan, never backtracking
  const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,30})((?:[^<>"']|"[^"]{0,2000}"|'[^']{0,2000}'){0,2000})>/g;
  for (const match of input.matchAll(tagPattern)) {
    out += escapeText(input.slice(last, match.index));
    last = match.index + match[0].length;
    const tag = match[2].toLowerCase();
    if (KEPT_TAGS.has(tag)) out += rebuildTag(tag, match[1] === '/', match[3]);
  }
  return out + escapeText(input.slice(last));
}

/** Ids of the uploads a (sanitised) body shows as images. */
export function bodyImageFileIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(new RegExp(`<img [^>]*src="/api/form/common/api/preview\\?fileName=(${uuid})"`, 'gi'))) ids.add(match[1].toLowerCase());
  return [...ids];
}

/** Plain text of a body (for the summary when the author gave none). */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}
