import { useEffect, useState, type ReactNode } from 'react';
import { useScrollContainer } from '../scroll-container';
import './transparent-header.css';

const RGBA = /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(0|1|0?\.\d+|1\.0+)\s*\)$/i;

export const RGBA_REQUIRED = '元素背景颜色必须为RGBA';
export const SCROLL_ELEMENT_MISSING = '监听滚动的元素不存在';

/** Spec §5: the colour must be RGBA; anything else throws 元素背景颜色必须为RGBA (a programming error). */
export function parseRgba(color: string): [number, number, number, number] {
  const match = RGBA.exec(color.trim());
  if (!match || [match[1], match[2], match[3]].some((c) => Number(c) > 255)) throw new Error(RGBA_REQUIRED);
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

type ScrollTarget = HTMLElement | null | string | (() => HTMLElement | null);

interface TransparentHeaderProps {
  /** the final background, reached after scrolling `distance` px; must be rgba(…) */
  background: string;
  /** the element that scrolls: an element, a CSS selector or a getter (default: the page's scroll container) */
  scrollElement?: ScrollTarget;
  distance?: number;
  children: ReactNode;
}

function resolveTarget(target: ScrollTarget | undefined, pageScroller: HTMLElement | null): HTMLElement | null {
  if (target === undefined) return pageScroller ?? (document.scrollingElement as HTMLElement | null);
  if (typeof target === 'string') return document.querySelector<HTMLElement>(target);
  return typeof target === 'function' ? target() : target;
}

/**
 * A header that starts transparent and fades to its RGBA background as the page scrolls. A missing scroll element
 * is logged as 监听滚动的元素不存在 (spec §8) rather than thrown: the header still renders, it just stays clear.
 */
export function TransparentHeader({ background, scrollElement, distance = 120, children }: TransparentHeaderProps) {
  const [r, g, b, a] = parseRgba(background);
  const pageScroller = useScrollContainer();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const target = resolveTarget(scrollElement, pageScroller);
    if (!target) {
      console.error(SCROLL_ELEMENT_MISSING);
      return undefined;
    }
    // the document's scrolling element does not fire scroll events itself; the document does
    const source: Element | Document = target === document.scrollingElement ? document : target;
    const handleScroll = () => setProgress(Math.min(1, Math.max(0, target.scrollTop) / Math.max(1, distance)));
    source.addEventListener('scroll', handleScroll, { passive: true });
    handleScroll();
    return () => source.removeEventListener('scroll', handleScroll);
  }, [scrollElement, pageScroller, distance]);

  return (
    <header
      className="transparent-header"
      data-progress={progress.toFixed(2)}
      style={{ backgroundColor: `rgba(${r}, ${g}, ${b}, ${Number((a * progress).toFixed(3))})` }}
    >
      {children}
    </header>
  );
}
