import { useEffect, useRef, useState } from 'react';
import { Checkbox, Popup } from 'antd-mobile';
import { personOutcomeText } from '@contract/message';
import { ReminderSelector } from '@/components/reminder-selector';
import { formatDate } from '@/lib/format';
import { useDeliveryReport } from '../api/delivery-report';
import './follow-base.css';
import './urge-sheet.css';

interface UrgeSheetProps {
  visible: boolean;
  sending: boolean;
  onClose: () => void;
  /** the channels ticked when 发送催办 was tapped: exactly these are sent, one after another or all at once */
  onSend: (channels: string[], allAtOnce: boolean) => void;
}

/**
 * 催办 asks how to remind, like every other action that reminds (spec §3/§5): the site's channels, ticked as the user
 * chose in 我的 → 提醒方式; what is ticked is what is sent. The channels after the app push go one at a time while
 * nobody has seen it (each person's order), unless 同时发送所有渠道 is ticked.
 */
export function UrgeSheet({ visible, sending, onClose, onSend }: UrgeSheetProps) {
  const [channels, setChannels] = useState<string[]>([]);
  const [allAtOnce, setAllAtOnce] = useState(false);
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
          {channels.length > 1 && (
            <Checkbox checked={allAtOnce} onChange={setAllAtOnce}>
              同时发送所有渠道（不等待推送未读再逐级升级）
            </Checkbox>
          )}
        </div>
        <footer className="flow-urge-foot">
          <button
            type="button"
            className="flow-button flow-button-primary"
            disabled={channels.length === 0 || sending}
            onClick={() => onSend(channels, allAtOnce && channels.length > 1)}
          >
            {sending ? '发送中...' : '发送催办'}
          </button>
        </footer>
      </div>
    </Popup>
  );
}

const deviceClock = (iso: string, seconds: boolean) => formatDate(iso, seconds ? 'HH:mm:ss' : 'HH:mm');

/**
 * 催办's outcome for its sender: the one line (e.g. APP 已送达 1 人；短信 未发送（未配置）) and, per person and channel,
 * what is known (已送达 09:41:03, 已查看 09:42, 推送未确认, 未配置), the times in this device's zone.
 */
export function UrgeReport({ messageId }: { messageId: string }) {
  const report = useDeliveryReport(messageId);
  const line = useRef<HTMLDivElement>(null);
  // the line sits under the header, above the form: brought into view when a 催办 from the footer adds it
  useEffect(() => line.current?.scrollIntoView?.({ block: 'nearest' }), [messageId]);
  const text = report.data?.summary ?? (report.isError ? '提醒结果暂不可查' : '提醒发送中...');
  const people = report.data?.people ?? [];
  return (
    <div ref={line} className="flow-card flow-urge-report">
      <p role="status" aria-label="催办结果">
        催办：{text}
      </p>
      {people.length > 0 && (
        <ul className="flow-urge-people" aria-label="催办明细">
          {people.map((person) => (
            <li key={person.receiverId}>
              <span className="flow-urge-person">{person.name}</span>
              {person.channels.map((c) => `${c.label} ${personOutcomeText(c, deviceClock)}`).join('，')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
