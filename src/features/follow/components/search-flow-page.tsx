import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarPicker, Selector } from 'antd-mobile';
import { dateText } from '@/components/date-field';
import { definitionsQueryOptions } from '../api/get-definitions';
import '@/components/form-renderer/form-renderer.css';
import './follow-base.css';
import './search-flow-page.css';

export interface FlowSearchFilters {
  keyword?: string;
  category?: string;
  from?: string;
  to?: string;
}

const parseDay = (text: string) => new Date(`${text}T00:00`);

/** 流程查询: keyword, category (chips) and a date range (CalendarPicker, never a native date box), then the results list (`onSearch`: shown beside the form, on a tablet). */
export function SearchFlowPage({ onSearch }: { onSearch?: (filters: FlowSearchFilters) => void } = {}) {
  const navigate = useNavigate();
  const { data: definitions } = useQuery(definitionsQueryOptions());
  const categories = [...new Set((definitions ?? []).map((d) => d.category))];
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState('');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <form
      className="follow-page flow-search"
      onSubmit={(event) => {
        event.preventDefault();
        const filters = {
          keyword: keyword.trim() || undefined,
          category: category || undefined,
          from: range?.from,
          to: range?.to,
        };
        if (onSearch) onSearch(filters);
        else void navigate({ to: '/follow/searchFlowList', search: filters });
      }}
    >
      <label className="flow-field">
        <span className="flow-field-label">关键字</span>
        <input
          className="flow-input flow-search-input"
          value={keyword}
          placeholder="请输入关键字"
          maxLength={50}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </label>
      <div className="flow-field">
        <span className="flow-field-label" id="flow-search-category">
          流程分类
        </span>
        <Selector
          aria-labelledby="flow-search-category"
          className="flow-search-chips"
          columns={3}
          options={[{ label: '全部', value: '' }, ...categories.map((c) => ({ label: c, value: c }))]}
          value={[category]}
          onChange={(v) => setCategory(v[0] ?? '')}
        />
      </div>
      <div className="flow-field">
        <span className="flow-field-label" id="flow-search-date">
          发起日期
        </span>
        <button
          type="button"
          id="flow-search-range"
          className="flow-input flow-search-range"
          aria-labelledby="flow-search-date flow-search-range"
          onClick={() => setCalendarOpen(true)}
        >
          {range ? `${range.from} 至 ${range.to}` : '不限'}
        </button>
        {range && (
          <button type="button" className="flow-search-clear" onClick={() => setRange(null)}>
            清除日期
          </button>
        )}
      </div>
      <CalendarPicker
        visible={calendarOpen}
        selectionMode="range"
        title="选择发起日期"
        confirmText="确定"
        defaultValue={range ? [parseDay(range.from), parseDay(range.to)] : null}
        onClose={() => setCalendarOpen(false)}
        onMaskClick={() => setCalendarOpen(false)}
        onConfirm={(dates) => setRange(dates ? { from: dateText(dates[0]), to: dateText(dates[1]) } : null)}
      />
      <footer className="flow-actions">
        <button type="submit" className="flow-button flow-button-primary">
          查询
        </button>
      </footer>
    </form>
  );
}
