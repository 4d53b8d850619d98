import { useEffect, useState, type ReactNode } from 'react';
import './transparent-header.css';

const RGBA = /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(0|1|0?\.\d+)\s*\)$/i;

/** Spec §5/§8: the colour must be RGBA (元素背景颜色必须为RGBA). */
export function parseRgba(color: string): [number, number, number, number] {
  const match = RGBA.exec(color.trim());
  if (!match) throw new Error('元素背景颜色必须为RGBA');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

interface TransparentHeaderProps {
  /** the final background, reached after scrolling `distance` px */
  background: string;
  /** the element that scrolls (default: the document) */
  scrollElement?: HTMLElement | null | (() => HTMLElement | null);
  distance?: number;
  children: ReactNode;
}

/** A header that starts transparent and fades to its RGBA background as the page scrolls. */
export function TransparentHeader({ background, scrollElement, distance = 120, children }: TransparentHeaderProps) {
  const [r, g, b, a] = parseRgba(background);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const target = typeof scrollElement === 'function' ? scrollElement() : scrollElement === undefined ? document.scrollingElement : scrollElement;
    if (!target) {
      console.error('监听滚动的元素不存在');
      return undefined;
    }
    const source: Element | Document = target === document.scrollingElement ? document : target;
    const handleScroll = () => setProgress(Math.min(1, target.scrollTop / distance));
    source.addEventListener('scroll', handleScroll, { passive: true });
    handleScroll();
    return () => source.removeEventListener('scroll', handleScroll);
  }, [scrollElement, distance]);

  return (
    <header className="transparent-header" style={{ backgroundColor: `rgba(${r}, ${g}, ${b}, ${(a * progress).toFixed(3)})` }}>
      {children}
    </header>
  );
}
