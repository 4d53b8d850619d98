import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';

/** 手写签名: draw with a finger or the mouse on a canvas; 确定 hands back a transparent PNG data URL. */
export function SignaturePad({ onDone, onCancel }: { onDone: (dataUrl: string) => void; onCancel: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const el = canvas.current!;
    // draw at device resolution so strokes stay sharp on a phone
    const ratio = window.devicePixelRatio || 1;
    el.width = el.clientWidth * ratio;
    el.height = el.clientHeight * ratio;
    const ctx = el.getContext('2d');
    // no 2D canvas (a locked-down webview): the pad stays blank and 上传签名图片 still works
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    last.current = point(e);
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = e.currentTarget.getContext('2d')!;
    const next = point(e);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(next.x, next.y);
    ctx.stroke();
    last.current = next;
    setDrawn(true);
  };
  const up = () => {
    last.current = null;
  };
  const clear = () => {
    const el = canvas.current!;
    el.getContext('2d')!.clearRect(0, 0, el.width, el.height);
    setDrawn(false);
  };

  return (
    <div className="my-sign-pad">
      <p className="my-sign-tip">请在下方区域内手写签名</p>
      <canvas
        ref={canvas}
        className="my-sign-canvas"
        aria-label="签名区域"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="my-sign-actions">
        <Button onClick={clear}>清除</Button>
        <Button onClick={onCancel}>取消</Button>
        <Button color="primary" disabled={!drawn} onClick={() => onDone(canvas.current!.toDataURL('image/png'))}>
          确定
        </Button>
      </div>
    </div>
  );
}
