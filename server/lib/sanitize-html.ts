import sanitize from 'sanitize-html';

/*
 * The server's one home for user-written HTML, by the maintained `sanitize-html` (htmlparser2). Two allow-lists:
 * - rich bodies (资讯 articles, mail): formatting, links, tables and images survive, only with the attributes below;
 *   the two bodies differ only in which image sources they keep (BODY_IMAGES);
 * - short texts (comments): no tag survives, only the text.
 * Every text and attribute value is written out escaped, so nothing a browser could execute (script, event
 * handlers, javascript: links, style, iframes) is ever stored, for any reader (exports, other clients). The client
 * sanitises again with DOMPurify when rendering (src/lib/sanitize-html.ts). One extractor, htmlToText, gives the
 * readable text of sanitised markup (search, summaries, comments).
 */

const RICH_TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup'],
  ...['blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption'],
];

/** dropped together with everything inside them */
const DROPPED_WITH_CONTENT = [
  ...['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'option'],
  ...['svg', 'math', 'title', 'xmp', 'noembed', 'noframes'],
];

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UPLOAD_SRC = `/api/form/common/api/preview\\?fileName=(${uuid})`;

/**
 * Which images a body keeps. 资讯 shows only uploads of the file service (readers are granted exactly those files,
 * and no tracking pixel reaches every reader); mail also keeps the app's other file paths and https images.
 */
export const BODY_IMAGES = {
  article: new RegExp(`^${UPLOAD_SRC}$`, 'i'),
  mail: /^(https:\/\/|\/api\/(?![/\\]))[^"'<>`\\]*$/i,
} as const;
export type Body = keyof typeof BODY_IMAGES;

// links: web, mail, telephone or an app path (never "//host" or "/\host", which leave the app)
const SAFE_HREF = /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*|mailto:[^\s]+|tel:[+\d-]+)$/i;

// values are compared decoded (the parser decodes entities) and without the control characters and spaces that
// browsers skip inside a scheme ("java\tscript:"), so no spelling smuggles a scheme past the checks
const compact = (value: string | undefined) => (value ?? '').replace(/[\u0000-\u0020\u007f-\u009f]/g, '');

/** What neither allow-list ever writes out, however it is spelled. */
const strictBase: sanitize.IOptions = {
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
};

function spans(attribs: sanitize.Attributes): sanitize.Attributes {
  const kept: sanitize.Attributes = {};
  for (const name of ['colspan', 'rowspan'])
    if (/^\d{1,3}$/.test(compact(attribs[name]))) kept[name] = compact(attribs[name]);
  return kept;
}

const short = (value: string) => value.slice(0, 500);

function richOptions(imageSrc: RegExp): sanitize.IOptions {
  return {
    ...strictBase,
    allowedTags: RICH_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    transformTags: {
      // a link opens outside the app only when it has a safe target; a link without one is plain text in an <a>
      a: (tagName, attribs) => {
        const href = compact(attribs.href);
        const kept: sanitize.Attributes = SAFE_HREF.test(href)
          ? { href, target: '_blank', rel: 'noopener noreferrer' }
          : {};
        if (attribs.title !== undefined) kept.title = short(attribs.title);
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const kept: sanitize.Attributes = {};
        if (imageSrc.test(compact(attribs.src))) kept.src = compact(attribs.src);
        if (attribs.alt !== undefined) kept.alt = short(attribs.alt);
        if (attribs.title !== undefined) kept.title = short(attribs.title);
        return { tagName, attribs: kept };
      },
      td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
      th: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    },
    // an image with nothing allowed to show is no image
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const RICH: Record<Body, sanitize.IOptions> = {
  article: richOptions(BODY_IMAGES.article),
  mail: richOptions(BODY_IMAGES.mail),
};
const SHORT: sanitize.IOptions = { ...strictBase, allowedTags: [], allowedAttributes: {} };

/** `<img src="…" />` → `<img src="…">`: the stored markup keeps the plain HTML form of void tags. */
const plainVoidTags = (html: string) => html.replace(/<(br|hr|img)((?: [a-z]+="[^"<>]*")*) \/>/g, '<$1$2>');

/** Untrusted HTML of a body → markup built only from the allowed tags and attributes; other tags vanish, text stays. */
export function sanitizeHtml(html: string, body: Body): string {
  return plainVoidTags(sanitize(html, RICH[body]));
}

/** Untrusted short text (a comment) → its plain text: every tag dropped, entities decoded, whitespace folded. */
export function plainTextOf(html: string): string {
  return htmlToText(sanitize(html, SHORT));
}

/** Ids of the uploads a (sanitised) body shows as images. */
export function bodyImageFileIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(new RegExp(`<img [^>]*src="${UPLOAD_SRC}"`, 'gi'))) ids.add(match[1].toLowerCase());
  return [...ids];
}

const NAMED: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", colon: ':' };

function decodeEntity(entity: string, code: string): string {
  if (code[0] !== '#') return NAMED[code.toLowerCase()] ?? entity;
  const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
  return point > 0 && point < 0x110000 && !(point >= 0xd800 && point <= 0xdfff) ? String.fromCodePoint(point) : '';
}

/** The readable text of (sanitised) HTML: block ends become line breaks, spaces fold, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr|\/figcaption|\/blockquote|\/pre)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);?/gi, decodeEntity)
    .replace(/[ \t\f\r]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** The same text on one line (a list summary). */
export const htmlToLine = (html: string) => htmlToText(html).replace(/\s+/g, ' ');
