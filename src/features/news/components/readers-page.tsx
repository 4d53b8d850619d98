import { useInfiniteQuery } from '@tanstack/react-query';
// deep imports: the widgets stay in this page's chunk instead of the shared one /phonehome loads first
import Tabs from 'antd-mobile/es/components/tabs';
import Button from 'antd-mobile/es/components/button';
import type { NewsReader, NewsReadersPage } from '@contract/news';
import { ListView } from '@/components/list-view';
import { formatDate } from '@/lib/format';
import { readersQuery } from '../api/get-news-lists';
import { useRemindUnread } from '../api/remind-unread';
import './news.css';
import './readers.css';

/** /news/readers: 阅读情况 of the publisher's article: who has read it (with when) and who has not, with counts. */
export function ReadersPage({
  articleId,
  read,
  onRead,
}: {
  articleId: string;
  read: boolean;
  onRead: (read: boolean) => void;
}) {
  // the list below reads the same first page: its counts title both tabs
  const { data } = useInfiniteQuery(readersQuery(articleId, read)(''));
  // readersQuery fetches NewsReadersPage; the shared paged list types its pages as plain Page<T>
  const first = data?.pages[0] as NewsReadersPage | undefined;
  const count = (n: number | undefined) => (n === undefined ? '' : ` ${n}`);
  const remind = useRemindUnread(articleId);
  return (
    <div className="news-page">
      <Tabs activeKey={read ? 'read' : 'unread'} onChange={(key) => onRead(key === 'read')}>
        <Tabs.Tab key="read" title={`已读${count(first?.readCount)}`} />
        <Tabs.Tab key="unread" title={`未读${count(first?.unreadCount)}`} />
      </Tabs>
      {/* the server lets only those who may see this page remind (the author, admins): no ability of its own */}
      {(first?.unreadCount ?? 0) > 0 && (
        <div className="news-readers-remind">
          <span className="news-muted-inline">{first?.unreadCount}人还未阅读</span>
          <Button
            size="small"
            color="primary"
            fill="outline"
            loading={remind.isPending}
            onClick={() => remind.mutate()}
          >
            提醒未读
          </Button>
        </div>
      )}
      <ListView
        key={String(read)}
        query={readersQuery(articleId, read)}
        itemKey={(row) => row.userId}
        renderItem={(row) => <ReaderRow row={row} />}
        emptyKind="nodata"
        emptyTip={read ? '还没有人阅读' : '全部已读'}
        label={read ? '已读' : '未读'}
      />
    </div>
  );
}

function ReaderRow({ row }: { row: NewsReader }) {
  return (
    <div className="news-row news-reader">
      <span className="news-reader-avatar" aria-hidden>
        {row.name.slice(-2)}
      </span>
      <div className="news-row-text">
        <p className="news-reader-name">{row.name}</p>
        <p className="news-row-meta">{row.orgName}</p>
      </div>
      {row.viewedAt && (
        <time className="news-reader-time" dateTime={row.viewedAt}>
          {formatDate(row.viewedAt, 'MM-dd HH:mm')}
        </time>
      )}
    </div>
  );
}
