import { useEffect, useRef, useState } from 'react';
import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';

interface PdfPageProps {
  doc: PDFDocumentProxy;
  number: number;
  /** CSS pixels the page is drawn across (fit to the screen's width, times the zoom) */
  width: number;
  root: HTMLElement | null;
  onVisible: (number: number) => void;
  /** words 查找 found: the text runs holding them are marked */
  marked: string;
}

/** Until a page is measured it is assumed to be A4 upright. */
const A4 = 297 / 210;

function markRuns(element: HTMLElement, words: string): void {
  for (const run of element.querySelectorAll<HTMLElement>('.textLayer span')) {
    run.classList.toggle(
      'file-preview-found',
      Boolean(words) && (run.textContent ?? '').replace(/\s+/g, '').includes(words),
    );
  }
}

/** One page: drawn (canvas + text layer) when it comes near the screen, dropped again when it is far away. */
export function PdfPage({ doc, number, width, root, onVisible, marked }: PdfPageProps) {
  const box = useRef<HTMLDivElement>(null);
  // the first page is on screen when the document opens: it is drawn without waiting for the observer's first word
  const [near, setNear] = useState(number === 1);
  const [ratio, setRatio] = useState(A4);
  const markedNow = useRef(marked);
  markedNow.current = marked;

  useEffect(() => {
    if (box.current) markRuns(box.current, marked);
  }, [marked]);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // near: a screen ahead and behind is drawn in advance; current: the page that fills most of the screen
    const nearness = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), {
      root,
      rootMargin: '100% 0px',
    });
    const current = new IntersectionObserver(([entry]) => entry?.isIntersecting && onVisible(number), {
      root,
      threshold: 0.5,
    });
    nearness.observe(element);
    current.observe(element);
    return () => {
      nearness.disconnect();
      current.disconnect();
    };
  }, [root, number, onVisible]);

  useEffect(() => {
    const element = box.current;
    if (!near || !element) return undefined;
    let live = true;
    let render: RenderTask | null = null;
    let text: TextLayer | null = null;
    void doc.getPage(number).then(async (page) => {
      if (!live) return;
      const natural = page.getViewport({ scale: 1 });
      setRatio(natural.height / natural.width);
      const viewport = page.getViewport({ scale: width / natural.width });
      const pixels = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * pixels);
      canvas.height = Math.floor(viewport.height * pixels);
      canvas.setAttribute('aria-hidden', 'true');
      const layer = document.createElement('div');
      layer.className = 'textLayer';
      element.replaceChildren(canvas, layer);
      element.style.setProperty('--total-scale-factor', String(viewport.scale));
      render = page.render({ canvas, viewport, transform: pixels === 1 ? undefined : [pixels, 0, 0, pixels, 0, 0] });
      // the picture first, the text layer (select, find, screen readers) after it: on a slow phone the two together
      // kept the first page blank for as long as both took
      const painted = await render.promise.then(
        () => true,
        () => false, // cancelled by a newer width
      );
      if (!live || !painted) return;
      element.dataset.drawn = ''; // for whoever waits on a painted page (tests, the first-page bench)
      text = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      await text.render().catch(() => undefined);
      if (live) markRuns(element, markedNow.current);
    });
    return () => {
      live = false;
      render?.cancel();
      text?.cancel();
      element.replaceChildren(); // a far page gives its canvas memory back
      delete element.dataset.drawn;
    };
  }, [near, doc, number, width]);

  return (
    <div
      ref={box}
      className="file-preview-pdf-page"
      data-page-number={number}
      aria-label={`第 ${number} 页`}
      role="region"
      style={{ width, height: Math.round(width * ratio) }}
    />
  );
}
