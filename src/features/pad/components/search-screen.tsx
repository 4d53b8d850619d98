import { lazy, Suspense } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { SEARCH_MODULES, type SearchHit, type SearchModule } from '@contract/search';
import { SplitView, useSearchSelection } from '@/components/split-view';
import { SearchPage } from '@/features/search/components/search-page';
import { SearchPanel, type SearchState } from '@/features/search/components/search-panel';
import { openedOf, openParam } from '@/features/search/open-target';
import { usesTabletShell } from '../api/tablet';
import { PadSection } from './pad-layout';

// the other modules' detail pages load only when a tablet opens a result
const SearchOpenedPane = lazy(() => import('./search-opened-pane').then((m) => ({ default: m.SearchOpenedPane })));

const moduleOf = (value: string | undefined): SearchModule | undefined =>
  (SEARCH_MODULES as readonly (string | undefined)[]).includes(value) ? (value as SearchModule) : undefined;

/** The /search body: the phone page, or on a tablet the results beside the record opened from them. */
export function SearchScreen({ q, module, open }: { q?: string; module?: string; open?: string }) {
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  const navigate = useNavigate();
  const state: SearchState = { q: q?.trim().slice(0, 50) || undefined, module: moduleOf(module) };
  const change = (next: SearchState) => void navigate({ to: '/search', search: next, replace: true });
  if (!tablet) return <SearchPage state={state} onChange={change} />;
  return <PadSearch state={state} open={open} onChange={change} />;
}

const SELECTION_KEYS = ['open'] as const;

function PadSearch({
  state,
  open,
  onChange,
}: {
  state: SearchState;
  open?: string;
  onChange: (next: SearchState) => void;
}) {
  const select = useSearchSelection(SELECTION_KEYS);
  const opened = openedOf(open);
  const selectedKey = opened ? `${opened.module}:${opened.id}` : undefined;
  return (
    <PadSection>
      <SplitView
        list={
          <SearchPanel
            {...state}
            onChange={onChange}
            onOpen={(hit: SearchHit) => select({ open: openParam(hit) })}
            selectedKey={selectedKey}
          />
        }
        detail={
          opened ? (
            <Suspense fallback={<p className="search-note">加载中…</p>}>
              <SearchOpenedPane opened={opened} />
            </Suspense>
          ) : null
        }
        listLabel="搜索结果"
        detailLabel="搜索结果内容"
        placeholder="请从左侧选择一条结果"
        onBack={() => select(null)}
        selectedKey={selectedKey}
      />
    </PadSection>
  );
}
