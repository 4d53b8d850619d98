import { useEffect, useRef, useState } from 'react';
import DOMPurify, { type Config } from 'dompurify';
import { parseAsync, renderDocument, type Options } from 'docx-preview';

/**
 * What may come out of a Word file: the renderer's markup and its <style> (fonts, sizes, table borders), never
 * script, frames, forms or plugins. Embedded HTML parts (altChunks, shown in a frame) are not rendered at all.
 */
const PURIFY = {
  ADD_TAGS: ['style'],
  FORBID_TAGS: [
    'script',
    'iframe',
    'frame',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'link',
    'meta',
    'base',
  ],
  FORBID_ATTR: ['srcset', 'formaction', 'action', 'ping'],
  ALLOW_DATA_ATTR: false,
  FORCE_BODY: true, // the leading <style> would otherwise be dropped as head content
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

const OPTIONS: Partial<Options> = {
  className: 'docx',
  inWrapper: false,
  ignoreWidth: true,
  ignoreHeight: true,
  ignoreFonts: true,
  renderAltChunks: false,
  useBase64URL: true, // images as data: URLs, so nothing outlives the preview as a blob URL
  experimental: true,
};

/** The document as markup: its <style> parts, and one entry per page (section). */
interface DocxMarkup {
  styles: string;
  pages: string[];
}

const prepared = new WeakMap<Blob, Promise<DocxMarkup>>();

function markupOf(nodes: Node[]): DocxMarkup {
  const elements = nodes.filter((node) => node instanceof Element); // its comments name the library's style parts
  return {
    styles: elements
      .filter((el) => el.nodeName === 'STYLE')
      .map((el) => el.outerHTML)
      .join(''),
    pages: elements.filter((el) => el.nodeName !== 'STYLE').map((el) => el.outerHTML),
  };
}

/**
 * The document drawn off-screen, as markup. Started by the
 * tap (preview-start.ts) while the popup opens, so the parse does not wait for the viewer to mount; asked again for
 * the same bytes, it answers the same work.
 */
export function prepareDocx(data: Blob): Promise<DocxMarkup> {
  let work = prepared.get(data);
  if (!work) {
    work = parseAsync(data, OPTIONS)
      .then((doc) => renderDocument(doc, OPTIONS))
      .then(markupOf);
    prepared.set(data, work);
  }
  return work;
}

/** Only the sanitised copy of the renderer's markup enters the page; its links open outside the app. */
function clean(markup: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(markup, PURIFY);
  for (const link of fragment.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return fragment;
}

/** A .docx drawn in the page by docx-preview (text, headings, tables, images), reflowed to the phone's width. */
export function DocxViewer({ data, name }: { data: Blob; name: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let rest: ReturnType<typeof setTimeout> | undefined;
    prepareDocx(data).then(
      ({ styles, pages }) => {
        if (!live || !host.current) return;
        // the first page is on screen before the other pages are sanitised and laid out
        host.current.replaceChildren(clean(styles + (pages[0] ?? '')));
        rest = setTimeout(() => {
          if (live && host.current && pages.length > 1) host.current.append(clean(pages.slice(1).join('')));
        }, 0);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      clearTimeout(rest);
    };
  }, [data]);

  if (failed) return <p className="file-preview-message">Word 文件已损坏或无法解析，请下载后查看</p>;
  return <div ref={host} className="file-preview-docx" role="document" aria-label={name} />;
}
