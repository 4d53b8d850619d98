import sanitize from 'sanitize-html';

/*
 * Server-side allow-list for user-written HTML (资讯 bodies), applied on save. The client sanitises again with
 * DOMPurify when rendering (src/lib/sanitize-html.ts); this pass makes sure the stored markup is already harmless
 * for any other reader (exports, other clients). Parsing and serialising is the maintained `sanitize-html`
 * (htmlparser2): only the tags and attributes listed here are written out, every text and attribute value escaped.
 */

const KEPT_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
];
/** dropped together with everything inside them */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'title',
  'xmp',
  'noembed',
  'noframes',
];

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** body images are uploads of the file service; anything else (tracking pixels, data: URLs) is dropped */
const IMAGE_SRC = new RegExp(`^/api/form/common/api/preview\\?fileName=(${uuid})$`, 'i');
const SAFE_HREF = /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*|mailto:[^\s]+|tel:[+\d\s-]+)$/i;

// browsers ignore control characters and spaces inside a scheme ("java\tscript:"): compare without them
const compact = (value: string | undefined) => (value ?? '').replace(/[\u0000-\u0020\u007f-\u009f]/g, '');

/** The options both server allow-lists share: what is never written out, however it is spelled. */
export const strictBase: sanitize.IOptions = {
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
};

/** `<img src="…" />` → `<img src="…">`: the stored markup keeps the plain HTML form of void tags. */
export const plainVoidTags = (html: string) => html.replace(/<(br|hr|img)((?: [a-z]+="[^"<>]*")*) \/>/g, '<$1$2>');

const options: sanitize.IOptions = {
  ...strictBase,
  allowedTags: KEPT_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  transformTags: {
    a: (tagName, attribs) => {
      const kept: sanitize.Attributes = {};
      if (SAFE_HREF.test(compact(attribs.href))) kept.href = compact(attribs.href);
      if (attribs.title !== undefined) kept.title = attribs.title.slice(0, 500);
      return { tagName, attribs: { ...kept, target: '_blank', rel: 'noopener noreferrer' } };
    },
    img: (tagName, attribs) => {
      const kept: sanitize.Attributes = {};
      if (IMAGE_SRC.test(compact(attribs.src))) kept.src = compact(attribs.src);
      if (attribs.alt !== undefined) kept.alt = attribs.alt.slice(0, 500);
      if (attribs.title !== undefined) kept.title = attribs.title.slice(0, 500);
      return { tagName, attribs: kept };
    },
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
  },
  // an image without an upload of ours to show is no image
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function spans(attribs: sanitize.Attributes): sanitize.Attributes {
  const kept: sanitize.Attributes = {};
  for (const name of ['colspan', 'rowspan'])
    if (/^\d{1,3}$/.test(compact(attribs[name]))) kept[name] = compact(attribs[name]);
  return kept;
}

/** Untrusted HTML → markup built only from the allowed tags and attributes; other tags vanish, their text stays. */
export function sanitizeHtml(html: string): string {
  return plainVoidTags(sanitize(html, options));
}

/** Ids of the uploads a (sanitised) body shows as images. */
export function bodyImageFileIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(
    new RegExp(`<img [^>]*src="/api/form/common/api/preview\\?fileName=(${uuid})"`, 'gi'),
  ))
    ids.add(match[1].toLowerCase());
  return [...ids];
}

const NAMED: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", colon: ':' };

/** Plain text of a body (for the summary when the author gave none). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);?/gi, (entity, code: string) => {
      const point =
        code[0] === '#'
          ? code[1] === 'x' || code[1] === 'X'
            ? parseInt(code.slice(2), 16)
            : parseInt(code.slice(1), 10)
          : null;
      if (point === null) return NAMED[code.toLowerCase()] ?? entity;
      return point > 0 && point < 0x110000 && !(point >= 0xd800 && point <= 0xdfff) ? String.fromCodePoint(point) : '';
    })
    .replace(/\s+/g, ' ')
    .trim();
}
