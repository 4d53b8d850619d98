import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { dialog } from '@/ui/feedback';
import { useIsOffline } from '@/offline/online-status';
import { articleQueryOptions } from '../api/get-news';
import { useRecordView } from '../api/interact';
import { useDeleteArticle } from '../api/write-article';
import { ArticleView } from './article-view';
import { CommentsSection } from './comments-section';
import './news.css';
import './readers.css';

/** /news/detail (and /news/waitDetail for reviewers): the article, its likes and comments, and what the user may do. */
export function DetailPage({ articleId, reviewing = false }: { articleId: string; reviewing?: boolean }) {
  const navigate = useNavigate();
  const offline = useIsOffline();
  const { data, isPending, refetch } = useQuery(articleQueryOptions(articleId));
  const view = useRecordView();
  const remove = useDeleteArticle(articleId, data?.title ?? '');
  const viewed = useRef(false);

  useEffect(() => {
    if (!data || viewed.current || data.status !== 'published') return;
    viewed.current = true;
    view.mutate(data);
  }, [data, view]);

  if (isPending) return offline ? <EmptyState kind="offline" /> : <p className="news-loading">加载中...</p>;
  if (!data) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;

  const handleDelete = async () => {
    if (await dialog.confirm({ content: '确定删除该资讯吗？' }))
      remove.mutate(undefined, { onSuccess: () => void navigate({ to: '/news/my' }) });
  };
  const { abilities } = data;
  return (
    <div className="news-page">
      <ArticleView article={data} />
      {abilities.readers && (
        <button
          type="button"
          className="news-card news-readers-link"
          onClick={() => void navigate({ to: '/news/readers', search: { id: data.id } })}
        >
          <span>阅读情况</span>
          <span className="news-muted-inline">已读 {data.viewCount} ›</span>
        </button>
      )}
      {data.status === 'published' && !reviewing && <CommentsSection article={data} />}
      <footer className="news-actions">
        {abilities.review && (
          <button
            type="button"
            className="news-button news-button-primary"
            onClick={() => void navigate({ to: '/news/infoReview', search: { id: data.id } })}
          >
            审核
          </button>
        )}
        {abilities.edit && (
          <button
            type="button"
            className="news-button news-button-primary"
            onClick={() => void navigate({ to: '/news/addNews', search: { id: data.id } })}
          >
            {data.status === 'rejected' ? '修改后重新提交' : '继续编辑'}
          </button>
        )}
        {abilities.remove && (
          <button type="button" className="news-button" disabled={remove.isPending} onClick={() => void handleDelete()}>
            删除
          </button>
        )}
      </footer>
    </div>
  );
}
