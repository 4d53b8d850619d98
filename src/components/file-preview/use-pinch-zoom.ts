import { useCallback, useRef, useState, type CSSProperties, type TouchEvent } from 'react';

const MIN = 0.5;
const MAX = 4;
const clamp = (value: number) => Math.min(MAX, Math.max(MIN, value));

const spread = (touches: TouchEvent['touches']) => {
  const [a, b] = [touches[0]!, touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
};

/**
 * Two-finger zoom: while the fingers move the drawn pages are only stretched (cheap), when they lift the zoom is
 * kept and the pages are drawn again sharp at the new size. Buttons step the same zoom.
 */
export function usePinchZoom() {
  const [zoom, setZoom] = useState(1);
  const [stretch, setStretch] = useState(1);
  const start = useRef<number | null>(null);
  // the latest stretch, read when the fingers lift: that event may come before React re-rendered with the last move
  const latest = useRef(1);

  const zoomBy = useCallback((factor: number) => setZoom((z) => clamp(z * factor)), []);
  const pinchHandlers = {
    onTouchStart: (event: TouchEvent) => {
      if (event.touches.length === 2) start.current = spread(event.touches);
    },
    onTouchMove: (event: TouchEvent) => {
      if (start.current === null || event.touches.length !== 2) return;
      latest.current = clamp(zoom * (spread(event.touches) / start.current)) / zoom;
      setStretch(latest.current);
    },
    onTouchEnd: () => {
      if (start.current === null) return;
      start.current = null;
      const factor = latest.current;
      latest.current = 1;
      setZoom((z) => clamp(z * factor));
      setStretch(1);
    },
  };
  const pinchStyle: CSSProperties | undefined =
    stretch === 1 ? undefined : { transform: `scale(${stretch})`, transformOrigin: '0 0' };
  return { zoom, zoomBy, pinchHandlers, pinchStyle };
}
