import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { usePermission } from '@/session/permissions';
import { newsCountsQueryOptions } from '../api/get-news';
import './news-nav.css';

/** The module's sections: 头条, 栏目, 我的, 审核 (reviewers, with their count) and 发布. */
export function NewsNav() {
  const reviewer = usePermission('news:article:review');
  const { data: counts } = useQuery(newsCountsQueryOptions());
  return (
    <nav className="news-nav" aria-label="资讯导航">
      <Link to="/news/Headlines" className="news-nav-item" activeProps={{ className: 'news-nav-active' }}>
        头条
      </Link>
      <Link to="/news/channel" className="news-nav-item" activeProps={{ className: 'news-nav-active' }}>
        栏目
      </Link>
      <Link to="/news/my" className="news-nav-item" activeProps={{ className: 'news-nav-active' }}>
        我的
      </Link>
      {reviewer && (
        <Link to="/news/wait" className="news-nav-item" activeProps={{ className: 'news-nav-active' }}>
          审核{counts?.toReview ? <span className="news-nav-badge">{counts.toReview}</span> : null}
        </Link>
      )}
      <Link to="/news/addNews" className="news-nav-item news-nav-add">
        发布
      </Link>
    </nav>
  );
}
