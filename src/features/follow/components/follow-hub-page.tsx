import { Link } from '@tanstack/react-router';
import { PullToRefresh } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { flowCountsQueryOptions } from '../api/get-flow-counts';
import { flowKeys } from '../api/flow-keys';
import './follow-base.css';
import './follow-hub-page.css';

type HubTo = '/follow/waitList' | '/follow/unreadList' | '/follow/historyList' | '/follow/readList' | '/follow/transferList' | '/follow/backList' | '/follow/myList' | '/follow/waitRece' | '/follow/searchFlow';

const ENTRIES: { to: HubTo; title: string; count?: 'todo' | 'unread' | 'back' | 'receive'; color: string }[] = [
  { to: '/follow/waitList', title: '待办', count: 'todo', color: '#1063e0' },
  { to: '/follow/unreadList', title: '待阅', count: 'unread', color: '#b45309' },
  { to: '/follow/historyList', title: '已办', color: '#0e7a2f' },
  { to: '/follow/readList', title: '已阅', color: '#0b8481' },
  { to: '/follow/transferList', title: '已转办', color: '#722ed1' },
  { to: '/follow/backList', title: '我的退回', count: 'back', color: '#d92d20' },
  { to: '/follow/myList', title: '我发起的', color: '#1d6fd6' },
  { to: '/follow/waitRece', title: '收文', count: 'receive', color: '#c2410c' },
  { to: '/follow/searchFlow', title: '流程查询', color: '#667085' },
];

/** 审批 hub: start a flow, and every list with its count. */
export function FollowHubPage() {
  const queryClient = useQueryClient();
  const { data: counts } = useQuery(flowCountsQueryOptions());
  return (
    <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: flowKeys.all })}>
      <div className="follow-page">
        <Link to="/follow/followList" className="follow-start">
          <span className="follow-start-plus" aria-hidden="true">＋</span>
          发起申请
        </Link>
        <nav className="follow-hub" aria-label="审批列表">
          {ENTRIES.map((entry) => {
            const n = entry.count ? (counts?.[entry.count] ?? 0) : 0;
            return (
              <Link key={entry.to} to={entry.to} className="follow-hub-entry">
                <span className="follow-hub-icon" style={{ background: entry.color }} aria-hidden="true">
                  {entry.title.slice(0, 1)}
                </span>
                <span className="follow-hub-title">{entry.title}</span>
                {n > 0 && (
                  <span className="follow-hub-badge" aria-label={`${n}条`}>
                    {n > 99 ? '99+' : n}
                  </span>
                )}
              </Link>
            );
          })}
        </nav>
      </div>
    </PullToRefresh>
  );
}
