import { useEffect, useRef, useState } from 'react';
import DOMPurify, { type Config } from 'dompurify';
import { renderAsync } from 'docx-preview';

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

/** A .docx drawn in the page by docx-preview (text, headings, tables, images), reflowed to the phone's width. */
export function DocxViewer({ data, name }: { data: Blob; name: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    // drawn off-screen first, then only its sanitised copy enters the page
    const scratch = document.createElement('div');
    renderAsync(data, scratch, scratch, {
      className: 'docx',
      inWrapper: false,
      ignoreWidth: true,
      ignoreHeight: true,
      ignoreFonts: true,
      renderAltChunks: false,
      useBase64URL: true, // images as data: URLs, so nothing outlives the preview as a blob URL
      experimental: true,
    }).then(
      () => {
        if (!live || !host.current) return;
        const clean = DOMPurify.sanitize(scratch.innerHTML, PURIFY);
        for (const link of clean.querySelectorAll('a[href]')) {
          link.setAttribute('target', '_blank');
          link.setAttribute('rel', 'noopener noreferrer');
        }
        host.current.replaceChildren(clean);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [data]);

  if (failed) return <p className="file-preview-message">Word 文件已损坏或无法解析，请下载后查看</p>;
  return <div ref={host} className="file-preview-docx" role="document" aria-label={name} />;
}
