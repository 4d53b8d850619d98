import type { NewsListRow } from '@contract/news';
import { NEWS_STATUS_LABELS } from '@contract/news';
import { formatDate } from '@/lib/format';
import { imageUrl } from '../news-files';

/** One article in a list: cover, title (a dot when unread), channel · author · date, counts; the status on 我的. */
export function NewsRow({ row, showStatus = false }: { row: NewsListRow; showStatus?: boolean }) {
  const cover = row.coverFileIds[0];
  const unread = row.status === 'published' && !row.read;
  return (
    <div className="news-row">
      <div className="news-row-text">
        <h3 className="news-row-title">
          {unread && <span className="news-unread-dot" aria-label="未读" />}
          {row.pinned && <span className="news-tag news-tag-pinned">置顶</span>}
          {row.title}
        </h3>
        <p className="news-row-meta">
          <span>{row.channelName}</span>
          <span>{row.authorName}</span>
          <span>{formatDate(row.publishedAt ?? row.updatedAt, 'yyyy-MM-dd')}</span>
          {row.status === 'published' && <span>阅读 {row.viewCount}</span>}
          {showStatus && <span className={`news-tag news-status-${row.status}`}>{NEWS_STATUS_LABELS[row.status]}</span>}
        </p>
      </div>
      {cover && <img className="news-row-cover" src={imageUrl(cover)} alt="" loading="lazy" />}
    </div>
  );
}
