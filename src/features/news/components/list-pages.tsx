import { useNavigate } from '@tanstack/react-router';
// deep imports: the widgets stay in this page's chunk instead of the shared one /phonehome loads first
import Tabs from 'antd-mobile/es/components/tabs';
import { NEWS_STATUSES, NEWS_STATUS_LABELS, type NewsStatus } from '@contract/news';
import { ListView } from '@/components/list-view';
import { myNewsQuery, reviewNewsQuery } from '../api/get-news-lists';
import { NewsNav } from './news-nav';
import { NewsRow } from './news-row';
import './news.css';

/** /news/my: the user's own articles by status (全部, 草稿, 待审核, 已发布, 已驳回). */
export function MyNewsPage({
  status,
  onStatus,
}: {
  status: NewsStatus | '';
  onStatus: (status: NewsStatus | '') => void;
}) {
  const navigate = useNavigate();
  return (
    <div className="news-page">
      <NewsNav />
      <Tabs activeKey={status || 'all'} onChange={(key) => onStatus(key === 'all' ? '' : (key as NewsStatus))}>
        <Tabs.Tab key="all" title="全部" />
        {NEWS_STATUSES.map((s) => (
          <Tabs.Tab key={s} title={NEWS_STATUS_LABELS[s]} />
        ))}
      </Tabs>
      <ListView
        key={status}
        query={myNewsQuery(status)}
        itemKey={(row) => row.id}
        renderItem={(row) => <NewsRow row={row} showStatus />}
        onItemClick={(row) => void navigate({ to: '/news/detail', search: { id: row.id } })}
        searchable
        placeholder="搜索我的资讯"
        emptyKind="nodata"
        emptyTip="暂无资讯，点击“发布”写一篇吧"
        label="我的资讯"
      />
    </div>
  );
}

/** /news/wait: articles waiting for the reviewer, oldest first. */
export function ReviewListPage() {
  const navigate = useNavigate();
  return (
    <div className="news-page">
      <NewsNav />
      <ListView
        query={reviewNewsQuery()}
        itemKey={(row) => row.id}
        renderItem={(row) => <NewsRow row={row} showStatus />}
        onItemClick={(row) => void navigate({ to: '/news/waitDetail', search: { id: row.id } })}
        searchable
        placeholder="搜索待审核资讯"
        emptyKind="nodata"
        emptyTip="暂无待审核的资讯"
        label="待审核"
      />
    </div>
  );
}
