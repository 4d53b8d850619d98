import { useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { modelQueryOptions, recordListQuery } from '@/features/custom/api/get-custom';
import { CustomDetailPage } from '@/features/custom/components/custom-detail-page';
import { CustomListPage, FilterButton, RecordRow } from '@/features/custom/components/custom-list-page';
import { usesTabletShell } from '../api/tablet';
import { PadSection } from './pad-layout';
import { PadSplitList } from './pad-split-list';
import '@/features/custom/components/custom.css';

/** The body of /customModule/list: the phone list, or on a tablet the model's records beside the one opened (?id=). */
export function CustomListScreen({ code }: { code: string }) {
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  if (!tablet) return <CustomListPage key={code} code={code} />;
  return <PadCustomList key={code} code={code} />;
}

function PadCustomList({ code }: { code: string }) {
  const { data: model, isPending, isError, refetch } = useQuery(modelQueryOptions(code));
  const [filters, setFilters] = useState<Record<string, string>>({});
  if (isPending) return <p className="custom-loading">加载中...</p>;
  if (!model) return isError ? <EmptyState kind="error" onRetry={() => void refetch()} /> : null;
  const active = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const header = (
    <>
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
    </>
  );
  return (
    <PadSection>
      <PadSplitList
        key={JSON.stringify(active)}
        header={header}
        query={recordListQuery(code, active)}
        renderRow={(row) => <RecordRow row={row} />}
        detail={(id) => <CustomDetailPage key={`${code}:${id}`} code={code} id={id} />}
        listLabel={model.name}
        detailLabel="业务详情"
        placeholder="请从左侧选择一条记录"
        openFirst
        searchPlaceholder={`搜索${
          model.searchFields
            .map((k) => model.fields.find((f) => f.key === k)?.label)
            .filter(Boolean)
            .join('、') || '标题'
        }`}
        emptyTip="暂无数据"
      />
    </PadSection>
  );
}
