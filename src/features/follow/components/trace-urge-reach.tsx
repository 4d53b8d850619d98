import { useState } from 'react';
import { UrgeReport } from './urge-sheet';

/**
 * Under a 催办 step of the 流转记录, for its sender: 送达情况 opens how the reminder went, per person and channel
 * (已送达 09:41:03, 已查看 09:42, 推送未确认 → 企业微信已发出, 未配置), asked of the server only when opened.
 */
export function TraceUrgeReach({ messageId }: { messageId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flow-trace-reach">
      <button
        type="button"
        className="flow-trace-reach-toggle"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? '收起送达情况' : '送达情况'}
      </button>
      {open && <UrgeReport messageId={messageId} />}
    </div>
  );
}
