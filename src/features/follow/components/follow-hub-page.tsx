import { Link } from '@tanstack/react-router';
import { PullToRefresh } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowCounts } from '@contract/flow';
import { flowCountsQueryOptions } from '../api/get-flow-counts';
import { flowKeys } from '../api/flow-keys';
import './follow-base.css';
import './follow-hub-page.css';

type HubTo = '/follow/waitList' | '/follow/unreadList' | '/follow/historyList' | '/follow/readList' | '/follow/transferList' | '/follow/backList' | '/follow/myList' | '/follow/ccList' | '/follow/waitRece' | '/follow/searchFlow';

/** A badge and the words that say what it counts (read out, and shown under the title when it differs from it). */
interface HubCount {
  key: keyof FlowCounts;
  /** e.g. 条待办: the badge's accessible name is `${n}${unit}` */
  unit: string;
}

const ENTRIES: { to: HubTo; title: string; count?: HubCount; note?: (c: FlowCounts) => string | null; color: string }[] = [
  { to: '/follow/waitList', title: '待办', count: { key: 'todo', unit: '条待办' }, note: (c) => (c.waiting ? `${c.waiting}条等待加签` : null), color: '#1063e0' },
  { to: '/follow/unreadList', title: '待阅', count: { key: 'unread', unit: '条待阅' }, color: '#b45309' },
  { to: '/follow/historyList', title: '已办', color: '#0e7a2f' },
  { to: '/follow/readList', title: '已阅', color: '#0b8481' },
  { to: '/follow/transferList', title: '已转办', color: '#722ed1' },
  { to: '/follow/backList', title: '我的退回', count: { key: 'back', unit: '条退回' }, color: '#d92d20' },
  { to: '/follow/myList', title: '我发起的', note: (c) => (c.running ? `${c.running}条审批中` : null), color: '#1d6fd6' },
  // its unread copies are the 待阅 badge; here the whole list, read or not
  { to: '/follow/ccList', title: '抄送我', note: (c) => (c.cc ? `共${c.cc}条` : null), color: '#0f766e' },
  { to: '/follow/waitRece', title: '收文', count: { key: 'receive', unit: '条未读收文' }, color: '#c2410c' },
  { to: '/follow/searchFlow', title: '流程查询', color: '#667085' },
];

/** 审批 hub: start a flow, and every list with its count (all from GET /api/flow/counts, one statement), each named. */
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
            const n = entry.count ? (counts?.[entry.count.key] ?? 0) : 0;
            const note = counts && entry.note ? entry.note(counts) : null;
            return (
              <Link key={entry.to} to={entry.to} className="follow-hub-entry">
                <span className="follow-hub-icon" style={{ background: entry.color }} aria-hidden="true">
                  {entry.title.slice(0, 1)}
                </span>
                <span className="follow-hub-title">{entry.title}</span>
                {note && <span className="follow-hub-note">{note}</span>}
                {n > 0 && (
                  <span className="follow-hub-badge" aria-label={`${n}${entry.count!.unit}`}>
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
