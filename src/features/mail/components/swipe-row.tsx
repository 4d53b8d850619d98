import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

export interface SwipeRowAction {
  key: string;
  text: string;
  tone: 'primary' | 'warning' | 'danger';
  onClick: () => void;
}

const OPEN_PX = 72; // width of one action button
const DRAG_START_PX = 10;

/**
 * A row that slides left to reveal its actions (star, delete). Written here rather than antd-mobile's SwipeAction:
 * that widget would land in the shared antd chunk of the first load (/phonehome); this costs a few hundred bytes in
 * the mail chunk. A vertical move scrolls the list as usual; a tap on an open row closes it.
 */
export function SwipeRow({ actions, children }: { actions: SwipeRowAction[]; children: ReactNode }) {
  const width = actions.length * OPEN_PX;
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; y: number; from: number; dragging: boolean } | null>(null);
  const moved = useRef(false);

  const down = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY, from: offset, dragging: false };
    moved.current = false;
  };
  const move = (e: PointerEvent) => {
    const s = start.current;
    if (!s) return;
    const dx = e.clientX - s.x;
    if (!s.dragging) {
      if (Math.abs(e.clientY - s.y) > DRAG_START_PX) start.current = null;
      else if (Math.abs(dx) > DRAG_START_PX) s.dragging = true;
      return;
    }
    moved.current = true;
    setOffset(Math.max(-width, Math.min(0, s.from + dx)));
  };
  const up = () => {
    if (start.current?.dragging) setOffset((o) => (o < -width / 2 ? -width : 0));
    start.current = null;
  };
  const click = (e: React.MouseEvent) => {
    // a drag or a tap on an open row is not an "open this mail" tap
    if (moved.current || offset !== 0) {
      e.stopPropagation();
      setOffset(0);
      moved.current = false;
    }
  };
  return (
    <div className="swipe-row">
      <div className="swipe-row-actions" aria-hidden={offset === 0}>
        {actions.map((a) => (
          <button
            key={a.key}
            type="button"
            tabIndex={offset === 0 ? -1 : 0}
            className={`swipe-row-action swipe-${a.tone}`}
            onClick={(e) => {
              e.stopPropagation();
              setOffset(0);
              a.onClick();
            }}
          >
            {a.text}
          </button>
        ))}
      </div>
      <div
        className="swipe-row-content"
        style={{
          transform: `translateX(${offset}px)`,
          transition: start.current?.dragging ? 'none' : 'transform 0.2s',
        }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onClickCapture={click}
      >
        {children}
      </div>
    </div>
  );
}
