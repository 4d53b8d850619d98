import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { SearchBox } from '@/components/search-box';
import { useIsOffline } from '@/offline/online-status';
import { definitionsQueryOptions } from '../api/get-definitions';
import './follow-base.css';
import './start-catalogue-page.css';

interface StartCatalogueProps {
  /** opens the form somewhere else than the phone route (the tablet's right pane), marking `selectedId` */
  onPick?: (definitionId: string) => void;
  selectedId?: string;
}

/** 发起申请: the catalogue by category, searchable; a tap opens the flow's form. */
export function StartCataloguePage({ onPick, selectedId }: StartCatalogueProps = {}) {
  const navigate = useNavigate();
  const offline = useIsOffline();
  const [keyword, setKeyword] = useState('');
  const { data, isPending, isError, refetch } = useQuery(definitionsQueryOptions(keyword));
  const categories = new Map<string, NonNullable<typeof data>>();
  for (const def of data ?? []) categories.set(def.category, [...(categories.get(def.category) ?? []), def]);

  return (
    <div className="follow-page">
      <SearchBox placeholder="搜索流程名称" onSearch={setKeyword} />
      {isPending ? (
        offline ? (
          <EmptyState kind="offline" />
        ) : (
          <p className="flow-loading">加载中...</p>
        )
      ) : isError && !data ? (
        <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />
      ) : categories.size === 0 ? (
        <EmptyState kind={keyword ? 'nosearch' : 'nodata'} />
      ) : (
        [...categories].map(([category, defs]) => (
          <section key={category} className="flow-card" aria-label={category}>
            <h3 className="flow-card-title">{category}</h3>
            <div className="flow-catalogue">
              {defs.map((def) => (
                <button
                  key={def.id}
                  type="button"
                  className="flow-catalogue-item"
                  data-split-item={onPick ? '' : undefined}
                  aria-current={onPick && def.id === selectedId ? 'true' : undefined}
                  onClick={() =>
                    onPick
                      ? onPick(def.id)
                      : void navigate({ to: '/follow/followList', search: { definitionId: def.id } })
                  }
                >
                  <span className="flow-catalogue-icon" aria-hidden="true">
                    {def.name.slice(0, 1)}
                  </span>
                  {def.name}
                </button>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
