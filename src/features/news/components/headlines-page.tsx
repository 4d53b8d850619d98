import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
// deep imports: the widgets stay in this page's chunk instead of the shared one /phonehome loads first
import Swiper from 'antd-mobile/es/components/swiper';
import type { NewsListRow } from '@contract/news';
import { ListView } from '@/components/list-view';
import { headlinesQueryOptions } from '../api/get-news';
import { publishedNewsQuery } from '../api/get-news-lists';
import { imageUrl } from '../news-files';
import { NewsNav } from './news-nav';
import { NewsRow } from './news-row';
import './news.css';
import './headlines.css';

/** /news/Headlines: the pinned carousel with cover images, then the latest articles of every channel. */
export function HeadlinesPage() {
  const navigate = useNavigate();
  const { data: pinned = [] } = useQuery(headlinesQueryOptions());
  const open = (row: NewsListRow) => void navigate({ to: '/news/detail', search: { id: row.id } });
  return (
    <div className="news-page">
      <NewsNav />
      {pinned.length > 0 && (
        <Swiper className="news-carousel" autoplay loop={pinned.length > 1} aria-label="置顶资讯">
          {pinned.map((row) => (
            <Swiper.Item key={row.id}>
              <button type="button" className="news-slide" onClick={() => open(row)}>
                {row.coverFileIds[0] ? (
                  <img src={imageUrl(row.coverFileIds[0])} alt="" />
                ) : (
                  <span className="news-slide-plain" aria-hidden />
                )}
                <span className="news-slide-title">{row.title}</span>
              </button>
            </Swiper.Item>
          ))}
        </Swiper>
      )}
      <h2 className="news-section-title">最新资讯</h2>
      <ListView
        query={publishedNewsQuery('')}
        itemKey={(row) => row.id}
        renderItem={(row) => <NewsRow row={row} />}
        onItemClick={open}
        searchable
        placeholder="搜索资讯标题"
        emptyKind="nodata"
        label="最新资讯"
      />
    </div>
  );
}
