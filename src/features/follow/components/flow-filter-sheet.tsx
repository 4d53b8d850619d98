import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarPicker, Popup, Selector } from 'antd-mobile';
import { INSTANCE_STATUS_TEXT, type InstanceStatus } from '@contract/flow';
import { dateText } from '@/components/date-field';
import { definitionsQueryOptions } from '../api/get-definitions';
import './follow-base.css';
import './flow-filter-sheet.css';

/** The server-side filters of a flow list (contract/flow.ts list queries): process, status, dates of the sorted time. */
export interface FlowFilters {
  code?: string;
  status?: InstanceStatus;
  from?: string;
  to?: string;
}

export const activeFilterCount = (f: FlowFilters) => [f.code, f.status, f.from].filter(Boolean).length;

const STATUSES: InstanceStatus[] = ['running', 'approved', 'rejected', 'returned', 'withdrawn'];

const parseDay = (text: string) => new Date(`${text}T00:00`);

interface FlowFilterSheetProps {
  visible: boolean;
  value: FlowFilters;
  /** what the list's dates are (到达 / 处理 / 提交 …): the range filters that time */
  timeLabel: string;
  onClose: () => void;
  onApply: (filters: FlowFilters) => void;
}

/** 筛选: a bottom sheet with the processes, the statuses and a date range (CalendarPicker); 重置 clears, 确定 applies. */
export function FlowFilterSheet({ visible, value, timeLabel, onClose, onApply }: FlowFilterSheetProps) {
  const { data: definitions } = useQuery(definitionsQueryOptions());
  // the sheet edits a draft; the list changes only on 确定 (a cancelled edit leaves it as it was)
  const [draft, setDraft] = useState<FlowFilters>(value);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [shown, setShown] = useState(visible);
  if (visible !== shown) {
    setShown(visible);
    if (visible) setDraft(value);
  }
  const processes = [...new Map((definitions ?? []).map((d) => [d.code, d.name])).entries()].map(([code, name]) => ({
    label: name,
    value: code,
  }));
  const range = draft.from && draft.to ? `${draft.from} 至 ${draft.to}` : '不限';

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="flow-filter"
      destroyOnClose
    >
      <div role="dialog" aria-label="筛选">
        <header className="flow-filter-head">
          <button type="button" className="flow-filter-link" onClick={onClose}>
            取消
          </button>
          <strong>筛选</strong>
          <button type="button" className="flow-filter-link" onClick={() => setDraft({})}>
            重置
          </button>
        </header>
        <div className="flow-filter-body">
          <p className="flow-filter-label" id="flow-filter-process">
            流程类型
          </p>
          <Selector
            aria-labelledby="flow-filter-process"
            columns={3}
            options={processes}
            value={draft.code ? [draft.code] : []}
            onChange={(v) => setDraft((d) => ({ ...d, code: v[0] }))}
          />
          <p className="flow-filter-label" id="flow-filter-status">
            状态
          </p>
          <Selector
            aria-labelledby="flow-filter-status"
            columns={3}
            options={STATUSES.map((s) => ({ label: INSTANCE_STATUS_TEXT[s], value: s }))}
            value={draft.status ? [draft.status] : []}
            onChange={(v) => setDraft((d) => ({ ...d, status: v[0] }))}
          />
          <p className="flow-filter-label" id="flow-filter-date">
            {timeLabel}日期
          </p>
          <button
            type="button"
            id="flow-filter-range"
            className="flow-filter-range"
            aria-labelledby="flow-filter-date flow-filter-range"
            onClick={() => setCalendarOpen(true)}
          >
            {range}
          </button>
        </div>
        <footer className="flow-filter-foot">
          <button type="button" className="flow-button flow-button-primary" onClick={() => onApply(draft)}>
            确定
          </button>
        </footer>
      </div>
      <CalendarPicker
        visible={calendarOpen}
        selectionMode="range"
        title={`选择${timeLabel}日期`}
        confirmText="确定"
        defaultValue={draft.from && draft.to ? [parseDay(draft.from), parseDay(draft.to)] : null}
        onClose={() => setCalendarOpen(false)}
        onMaskClick={() => setCalendarOpen(false)}
        onConfirm={(dates) =>
          setDraft((d) => ({
            ...d,
            from: dates ? dateText(dates[0]) : undefined,
            to: dates ? dateText(dates[1]) : undefined,
          }))
        }
      />
    </Popup>
  );
}
