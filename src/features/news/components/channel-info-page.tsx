import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { useIsOffline } from '@/offline/online-status';
import { channelInfoQueryOptions } from '../api/get-news';
import './news.css';
import './channel.css';

/** /news/channelInfo: what a channel is for, who may publish and read, how many articles it holds. */
export function ChannelInfoPage({ channelId }: { channelId: string }) {
  const navigate = useNavigate();
  const offline = useIsOffline();
  const { data, isPending, refetch } = useQuery(channelInfoQueryOptions(channelId));
  if (isPending) return <p className="news-loading">加载中...</p>;
  if (!data) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;
  const anyone = (names: string[]) => (names.length ? names.join('、') : '全体员工');
  return (
    <div className="news-page">
      <section className="news-card">
        <h2 className="news-title">
          {data.icon} {data.name}
        </h2>
        <p className="news-channel-description">{data.description || '暂无栏目介绍'}</p>
        <dl className="news-facts">
          <div>
            <dt>已发布</dt>
            <dd>{data.articleCount} 篇</dd>
          </div>
          <div>
            <dt>发布范围</dt>
            <dd>{anyone(data.publishRoleNames)}</dd>
          </div>
          <div>
            <dt>阅读范围</dt>
            <dd>{anyone(data.readRoleNames)}</dd>
          </div>
        </dl>
      </section>
      <div className="news-actions">
        <button
          type="button"
          className="news-button"
          onClick={() => void navigate({ to: '/news/channel', search: { channelId } })}
        >
          查看栏目资讯
        </button>
        {data.canPublish && (
          <button
            type="button"
            className="news-button news-button-primary"
            onClick={() => void navigate({ to: '/news/addNews', search: { channelId } })}
          >
            在此栏目发布
          </button>
        )}
      </div>
    </div>
  );
}
