import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { OptionPicker } from '@/components/option-picker';
import { useQuery } from '@tanstack/react-query';
import type { CustomFilter, CustomListRow } from '@contract/custom';
import { EmptyState } from '@/components/empty-state';
import { ListView } from '@/components/list-view';
import { modelQueryOptions, recordListQuery } from '../api/get-custom';
import { displayColumns } from './column-text';
import './custom.css';

/** A model's records: search over its search fields, dictionary filters, and 新增 for those who may create. */
export function CustomListPage({ code }: { code: string }) {
  const navigate = useNavigate();
  const { data: model, isPending, isError, refetch } = useQuery(modelQueryOptions(code));
  const [filters, setFilters] = useState<Record<string, string>>({});
  if (isPending) return <p className="custom-loading">加载中...</p>;
  if (!model) return isError ? <EmptyState kind="error" onRetry={() => void refetch()} /> : null;
  const active = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  return (
    <div className="custom-page">
      <header className="custom-list-head">
        <h2 className="custom-list-title">{model.name}</h2>
        {model.abilities.create && (
          <Link to="/customModule/detail" search={{ code }} className="custom-button custom-button-primary">
            新增
          </Link>
        )}
      </header>
      {model.filters.length > 0 && (
        <div className="custom-filters" role="group" aria-label="筛选">
          {model.filters.map((filter) => (
            <FilterButton
              key={filter.key}
              filter={filter}
              value={filters[filter.key] ?? ''}
              onChange={(v) => setFilters((prev) => ({ ...prev, [filter.key]: v }))}
            />
          ))}
        </div>
      )}
      <ListView<CustomListRow>
        query={recordListQuery(code, active)}
        itemKey={(row) => row.id}
        renderItem={(row) => <RecordRow row={row} />}
        onItemClick={(row) => void navigate({ to: '/customModule/detail', search: { code, id: row.id } })}
        searchable
        placeholder={`搜索${
          model.searchFields
            .map((k) => model.fields.find((f) => f.key === k)?.label)
            .filter(Boolean)
            .join('、') || '标题'
        }`}
        emptyKind="nodata"
        label={`${model.name}列表`}
      />
    </div>
  );
}

export function FilterButton({
  filter,
  value,
  onChange,
}: {
  filter: CustomFilter;
  value: string;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const chosen = filter.options.find((o) => o.value === value);
  return (
    <>
      <button
        type="button"
        className={chosen ? 'custom-filter custom-filter-active' : 'custom-filter'}
        onClick={() => setOpen(true)}
      >
        {chosen ? `${filter.label}：${chosen.label}` : filter.label} ▾
      </button>
      <OptionPicker
        visible={open}
        title={filter.label}
        columns={[[{ label: '全部', value: '' }, ...filter.options]]}
        value={[value]}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange(String(picked[0] ?? ''))}
      />
    </>
  );
}

export function RecordRow({ row }: { row: CustomListRow }) {
  // the phone's and the tablet's lists both sit on ?code=, and both loaded that model before their first row
  const code = String((useSearch({ strict: false }) as { code?: unknown }).code ?? '');
  const { data: model } = useQuery({ ...modelQueryOptions(code), enabled: code !== '' });
  return (
    <div className="custom-row">
      <strong className="custom-row-title">{row.title}</strong>
      <dl className="custom-row-columns">
        {displayColumns(row, model).map((c) => (
          <div key={c.label}>
            <dt>{c.label}</dt>
            <dd>{c.text}</dd>
          </div>
        ))}
      </dl>
      <small className="custom-row-meta">
        {row.creatorName ?? '外部提交'} · {row.updatedAt.slice(0, 10)}
      </small>
    </div>
  );
}
