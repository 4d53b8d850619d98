import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
// deep imports: the widgets stay in this page's chunk instead of the shared one /phonehome loads first
import Tabs from 'antd-mobile/es/components/tabs';
import { ListView } from '@/components/list-view';
import { EmptyState } from '@/components/empty-state';
import { useIsOffline } from '@/offline/online-status';
import { channelsQueryOptions } from '../api/get-news';
import { publishedNewsQuery } from '../api/get-news-lists';
import { NewsNav } from './news-nav';
import { NewsRow } from './news-row';
import './news.css';
import './channel.css';

/** /news/channel: one tab per channel the user reads, each with its published articles. */
export function ChannelPage({ channelId, onChannel }: { channelId?: string; onChannel: (id: string) => void }) {
  const navigate = useNavigate();
  const offline = useIsOffline();
  const { data: channels, isPending, refetch } = useQuery(channelsQueryOptions());
  if (isPending) return <p className="news-loading">加载中...</p>;
  if (!channels) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;
  if (channels.length === 0) return <EmptyState kind="nodata" tip="暂无可查看的栏目" />;
  const active = channels.find((c) => c.id === channelId) ?? channels[0]!;
  return (
    <div className="news-page">
      <NewsNav />
      <Tabs activeKey={active.id} onChange={onChannel}>
        {channels.map((channel) => (
          <Tabs.Tab key={channel.id} title={channel.name} />
        ))}
      </Tabs>
      <button
        type="button"
        className="news-link news-channel-info"
        onClick={() => void navigate({ to: '/news/channelInfo', search: { id: active.id } })}
      >
        {active.icon} {active.name} · 栏目介绍
      </button>
      <ListView
        key={active.id}
        query={publishedNewsQuery(active.id)}
        itemKey={(row) => row.id}
        renderItem={(row) => <NewsRow row={row} />}
        onItemClick={(row) => void navigate({ to: '/news/detail', search: { id: row.id } })}
        searchable
        placeholder={`搜索${active.name}`}
        emptyKind="nodata"
        label={active.name}
      />
    </div>
  );
}
