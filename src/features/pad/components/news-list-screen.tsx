import { useNavigate, useRouterState } from '@tanstack/react-router';
import { NEWS_STATUSES, NEWS_STATUS_LABELS, type NewsStatus } from '@contract/news';
import { myNewsQuery, publishedNewsQuery, reviewNewsQuery } from '@/features/news/api/get-news-lists';
import { DetailPage } from '@/features/news/components/detail-page';
import { HeadlinesPage } from '@/features/news/components/headlines-page';
import { MyNewsPage, ReviewListPage } from '@/features/news/components/list-pages';
import { NewsNav } from '@/features/news/components/news-nav';
import { NewsRow } from '@/features/news/components/news-row';
import { usesTabletShell } from '../api/tablet';
import { PadSection } from './pad-layout';
import { PadSplitList } from './pad-split-list';
import '@/features/news/components/news.css';

/** The 资讯 lists a tablet shows beside the article: 头条's latest, 我的 by status, 审核's queue (reviewed in the pane). */
export type NewsList = { kind: 'latest' } | { kind: 'mine'; status: NewsStatus | '' } | { kind: 'review' };

/** The one body of the 资讯 list routes: the phone page, or on a tablet the list beside the article opened from it. */
export function NewsListScreen({ list }: { list: NewsList }) {
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  if (tablet) return <PadNewsList list={list} />;
  if (list.kind === 'latest') return <HeadlinesPage />;
  if (list.kind === 'review') return <ReviewListPage />;
  return <PhoneMyNews status={list.status} />;
}

function PhoneMyNews({ status }: { status: NewsStatus | '' }) {
  const navigate = useNavigate();
  return (
    <MyNewsPage
      status={status}
      onStatus={(next) => void navigate({ to: '/news/my', search: next ? { status: next } : {}, replace: true })}
    />
  );
}

const TITLES = { latest: '最新资讯', mine: '我的资讯', review: '待审核' } as const;
const SEARCH = { latest: '搜索资讯标题', mine: '搜索我的资讯', review: '搜索待审核资讯' } as const;

function PadNewsList({ list }: { list: NewsList }) {
  const navigate = useNavigate();
  const query =
    list.kind === 'latest'
      ? publishedNewsQuery('')
      : list.kind === 'review'
        ? reviewNewsQuery()
        : myNewsQuery(list.status);
  const statuses =
    list.kind === 'mine' ? (
      <div className="pad-screen-filters" role="group" aria-label="状态">
        {(['', ...NEWS_STATUSES] as const).map((s) => (
          <button
            key={s || 'all'}
            type="button"
            className="pad-screen-filter"
            aria-pressed={s === list.status}
            onClick={() => void navigate({ to: '/news/my', search: s ? { status: s } : {}, replace: true })}
          >
            {s ? NEWS_STATUS_LABELS[s] : '全部'}
          </button>
        ))}
      </div>
    ) : null;
  return (
    <PadSection>
      <PadSplitList
        key={list.kind === 'mine' ? `mine-${list.status}` : list.kind}
        header={
          <>
            <NewsNav />
            {statuses}
          </>
        }
        query={query}
        renderRow={(row) => <NewsRow row={row} showStatus={list.kind !== 'latest'} />}
        detail={(id) => <DetailPage key={id} articleId={id} reviewing={list.kind === 'review'} />}
        listLabel={TITLES[list.kind]}
        detailLabel="资讯内容"
        placeholder="请从左侧选择一篇资讯"
        searchPlaceholder={SEARCH[list.kind]}
        emptyTip={list.kind === 'review' ? '暂无待审核的资讯' : '暂无资讯'}
      />
    </PadSection>
  );
}
