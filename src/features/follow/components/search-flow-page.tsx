import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { definitionsQueryOptions } from '../api/get-definitions';
// its date range and inputs share the form renderer's look
import '@/components/form-renderer/form-renderer.css';
import './follow-base.css';

/** 流程查询: keyword, category and dates, then the results list. */
export function SearchFlowPage() {
  const navigate = useNavigate();
  const { data: definitions } = useQuery(definitionsQueryOptions());
  const categories = [...new Set((definitions ?? []).map((d) => d.category))];
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <form
      className="follow-page flow-search"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ to: '/follow/searchFlowList', search: { keyword: keyword.trim() || undefined, category: category || undefined, from: from || undefined, to: to || undefined } });
      }}
    >
      <label className="flow-field">
        <span className="flow-field-label">关键字</span>
        <input className="flow-input" value={keyword} placeholder="请输入关键字" onChange={(e) => setKeyword(e.target.value)} />
      </label>
      <label className="flow-field">
        <span className="flow-field-label">流程分类</span>
        <select className="flow-input" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">全部</option>
          {categories.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
      <div className="flow-field">
        <span className="flow-field-label">发起日期</span>
        <span className="flow-range">
          <input className="flow-input" type="date" aria-label="开始日期" value={from} onChange={(e) => setFrom(e.target.value)} />
          <span aria-hidden="true">至</span>
          <input className="flow-input" type="date" aria-label="结束日期" value={to} onChange={(e) => setTo(e.target.value)} />
        </span>
      </div>
      <footer className="flow-actions">
        <button type="submit" className="flow-button flow-button-primary">查询</button>
      </footer>
    </form>
  );
}
