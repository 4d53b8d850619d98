import { useEffect, useRef, useState } from 'react';
import { Popup } from 'antd-mobile';
import { ReminderSelector } from '@/components/reminder-selector';
import { useDeliveryReport } from '../api/delivery-report';
import './follow-base.css';
import './urge-sheet.css';

interface UrgeSheetProps {
  visible: boolean;
  sending: boolean;
  onClose: () => void;
  /** the channels ticked when 发送催办 was tapped: exactly these are sent */
  onSend: (channels: string[]) => void;
}

/**
 * 催办 asks how to remind, like every other action that reminds (spec §3/§5): the site's channels, ticked as the user
 * chose in 我的 → 提醒方式; what is ticked is what is sent.
 */
export function UrgeSheet({ visible, sending, onClose, onSend }: UrgeSheetProps) {
  const [channels, setChannels] = useState<string[]>([]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="flow-urge-sheet"
      destroyOnClose
    >
      <div role="dialog" aria-label="催办">
        <header className="flow-urge-head">
          <button type="button" className="flow-urge-link" onClick={onClose}>
            取消
          </button>
          <strong>催办</strong>
          <span className="flow-urge-link" aria-hidden="true" />
        </header>
        <div className="flow-urge-body">
          <p className="flow-hint">提醒当前处理人尽快处理</p>
          <ReminderSelector value={channels} onChange={setChannels} />
          {channels.length === 0 && <p className="flow-hint">请选择提醒方式</p>}
        </div>
        <footer className="flow-urge-foot">
          <button
            type="button"
            className="flow-button flow-button-primary"
            disabled={channels.length === 0 || sending}
            onClick={() => onSend(channels)}
          >
            {sending ? '发送中...' : '发送催办'}
          </button>
        </footer>
      </div>
    </Popup>
  );
}

/** 催办's outcome for its sender: how each channel went (e.g. 已通过 APP、邮件 提醒；短信 未发送（未配置））. */
export function UrgeReport({ messageId }: { messageId: string }) {
  const report = useDeliveryReport(messageId);
  const line = useRef<HTMLParagraphElement>(null);
  // the line sits under the header, above the form: brought into view when a 催办 from the footer adds it
  useEffect(() => line.current?.scrollIntoView?.({ block: 'nearest' }), [messageId]);
  const text = report.data?.summary ?? (report.isError ? '提醒结果暂不可查' : '提醒发送中...');
  return (
    <p ref={line} className="flow-card flow-urge-report" role="status" aria-label="催办结果">
      催办：{text}
    </p>
  );
}
