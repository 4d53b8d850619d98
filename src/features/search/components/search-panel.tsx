import { useState } from 'react';
import { SEARCH_MODULE_LABELS, type SearchHit, type SearchModule } from '@contract/search';
import { SearchBox } from '@/components/search-box';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import { clearRecentSearches, readRecentSearches, rememberSearch } from '../api/recent-searches';
import { GroupedResults, ModuleResults } from './search-results';
import './search.css';

export interface SearchState {
  q?: string;
  module?: SearchModule;
}

interface SearchPanelProps extends SearchState {
  /** a new keyword or scope: the route keeps both in its address */
  onChange: (next: SearchState) => void;
  onOpen: (hit: SearchHit) => void;
  selectedKey?: string;
}

export const SEARCH_PLACEHOLDER_ALL = '搜索审批、邮件、资讯、通讯录、日程、会议…';

/** The one search box with recent searches, the grouped results, or one module's results paged. */
export function SearchPanel({ q = '', module, onChange, onOpen, selectedKey }: SearchPanelProps) {
  const userKey = useStore(userStore, (s) => s.user?.userVo.id);
  const [recent, setRecent] = useState(() => readRecentSearches(userKey));
  const search = (keyword: string) => {
    if (keyword) setRecent(rememberSearch(userKey, keyword));
    onChange({ q: keyword || undefined, module: keyword ? module : undefined });
  };
  return (
    <div className="search-panel">
      <SearchBox value={q} onSearch={search} placeholder={SEARCH_PLACEHOLDER_ALL} autoFocus={!q} />
      {module && q && (
        <div className="search-scope">
          <span>
            只看<strong>{SEARCH_MODULE_LABELS[module]}</strong>
          </span>
          <button type="button" onClick={() => onChange({ q })}>
            查看全部模块
          </button>
        </div>
      )}
      {!q ? (
        <RecentSearches
          keywords={recent}
          onPick={search}
          onClear={() => {
            clearRecentSearches(userKey);
            setRecent([]);
          }}
        />
      ) : module ? (
        <ModuleResults keyword={q} module={module} onOpen={onOpen} selectedKey={selectedKey} />
      ) : (
        <GroupedResults
          keyword={q}
          onOpen={onOpen}
          selectedKey={selectedKey}
          onMore={(m) => onChange({ q, module: m })}
        />
      )}
    </div>
  );
}

function RecentSearches({
  keywords,
  onPick,
  onClear,
}: {
  keywords: string[];
  onPick: (keyword: string) => void;
  onClear: () => void;
}) {
  if (!keywords.length) return <p className="search-note">可按汉字、全拼或首字母搜索，如“报销”“baoxiao”“bx”</p>;
  return (
    <section className="search-recent" aria-label="最近搜索">
      <h3 className="search-group-title">
        最近搜索
        <button type="button" className="search-recent-clear" onClick={onClear}>
          清空
        </button>
      </h3>
      <div className="search-recent-list">
        {keywords.map((keyword) => (
          <button key={keyword} type="button" className="search-recent-item" onClick={() => onPick(keyword)}>
            {keyword}
          </button>
        ))}
      </div>
    </section>
  );
}
