import { Link } from '@tanstack/react-router';
import { PullToRefresh } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowCounts } from '@contract/flow';
import { flowCountsQueryOptions } from '../api/get-flow-counts';
import { flowKeys } from '../api/flow-keys';
import { useCurrentUser } from '@/session/current-user-query';
import './follow-base.css';
import './follow-hub-page.css';

type HubTo =
  | '/follow/waitList'
  | '/follow/unreadList'
  | '/follow/historyList'
  | '/follow/readList'
  | '/follow/transferList'
  | '/follow/backList'
  | '/follow/myList'
  | '/follow/ccList'
  | '/follow/waitRece'
  | '/follow/searchFlow'
  | '/follow/stats'
  | '/follow/handover'
  | '/follow/leaveBalances';

/** A badge and the words that say what it counts (read out, and shown under the title when it differs from it). */
interface HubCount {
  key: keyof FlowCounts;
  /** e.g. 条待办: the badge's accessible name is `${n}${unit}` */
  unit: string;
}

/**
 * Each list's icon (a 24 × 24 stroke path, drawn like the home tiles): 待办 a clipboard, 待阅 an eye, 已办 a tick,
 * 已阅 an open book, 已转办 an arrow passing on, 我的退回 a turn back, 我发起的 a paper plane, 抄送我 an envelope,
 * 收文 an inbox tray, 流程查询 a magnifier, 审批统计 bars, 人员交接 one person passing to another, 假期余额 a calendar. Named for screen
 * readers by `iconName`.
 */
export const HUB_ENTRIES: {
  to: HubTo;
  title: string;
  icon: string;
  iconName: string;
  count?: HubCount;
  note?: (c: FlowCounts) => string | null;
  color: string;
  /** shown to administrators only (the server refuses everyone else) */
  adminOnly?: boolean;
}[] = [
  {
    to: '/follow/waitList',
    title: '待办',
    icon: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8.5 12l2 2 4-4M8.5 17h7',
    iconName: '待办事项',
    count: { key: 'todo', unit: '条待办' },
    note: (c) => (c.waiting ? `${c.waiting}条等待加签` : null),
    color: '#1063e0',
  },
  {
    to: '/follow/unreadList',
    title: '待阅',
    icon: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6',
    iconName: '待阅读',
    count: { key: 'unread', unit: '条待阅' },
    color: '#b45309',
  },
  {
    to: '/follow/historyList',
    title: '已办',
    icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M8 12.5l3 3 5-6',
    iconName: '已完成',
    color: '#0e7a2f',
  },
  {
    to: '/follow/readList',
    title: '已阅',
    icon: 'M3 5h5a4 4 0 0 1 4 4v11a3 3 0 0 0-3-3H3zM21 5h-5a4 4 0 0 0-4 4v11a3 3 0 0 1 3-3h6z',
    iconName: '已阅读',
    color: '#0b8481',
  },
  {
    to: '/follow/transferList',
    title: '已转办',
    icon: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6M2 20a6 6 0 0 1 10-4.5M14 17h8M19 14l3 3-3 3',
    iconName: '转交他人',
    color: '#722ed1',
  },
  {
    to: '/follow/backList',
    title: '我的退回',
    icon: 'M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-4',
    iconName: '退回',
    count: { key: 'back', unit: '条退回' },
    color: '#d92d20',
  },
  {
    to: '/follow/myList',
    title: '我发起的',
    icon: 'M21 3L10 14M21 3l-7 18-4-7-7-4z',
    iconName: '发起',
    note: (c) => (c.running ? `${c.running}条审批中` : null),
    color: '#1d6fd6',
  },
  // its unread copies are the 待阅 badge; here the whole list, read or not
  {
    to: '/follow/ccList',
    title: '抄送我',
    icon: 'M3 6h18v12H3zM3 7l9 6 9-6',
    iconName: '抄送',
    note: (c) => (c.cc ? `共${c.cc}条` : null),
    color: '#0f766e',
  },
  {
    to: '/follow/waitRece',
    title: '收文',
    icon: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1.5 3h5l1.5-3h5',
    iconName: '收件',
    count: { key: 'receive', unit: '条未读收文' },
    color: '#c2410c',
  },
  {
    to: '/follow/searchFlow',
    title: '流程查询',
    icon: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14M20 20l-4-4',
    iconName: '查询',
    color: '#667085',
  },
  {
    to: '/follow/stats',
    title: '审批统计',
    icon: 'M4 20V11M10 20V5M16 20v-8M21 20H3',
    iconName: '统计图表',
    color: '#2563eb',
  },
  {
    to: '/follow/handover',
    title: '人员交接',
    icon: 'M7 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6M17 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6M2 14a5 5 0 0 1 10 0M11 12h7l-2-2M13 18H6l2 2',
    iconName: '交接',
    color: '#9a3412',
    adminOnly: true,
  },
  {
    to: '/follow/leaveBalances',
    title: '假期余额',
    icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M9 15h6',
    iconName: '日历',
    color: '#0f766e',
    adminOnly: true,
  },
];

/** 审批 hub: start a flow, and every list with its count (all from GET /api/flow/counts, one statement), each named. */
export function FollowHubPage() {
  const queryClient = useQueryClient();
  const { data: counts } = useQuery(flowCountsQueryOptions());
  const isAdmin = useCurrentUser()?.roles.includes('admin') ?? false;
  return (
    <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: flowKeys.all })}>
      <div className="follow-page">
        <Link to="/follow/followList" className="follow-start">
          <span className="follow-start-plus" aria-hidden="true">
            ＋
          </span>
          发起申请
        </Link>
        <nav className="follow-hub" aria-label="审批列表">
          {HUB_ENTRIES.filter((entry) => !entry.adminOnly || isAdmin).map((entry) => {
            const n = entry.count ? (counts?.[entry.count.key] ?? 0) : 0;
            const note = counts && entry.note ? entry.note(counts) : null;
            return (
              <Link key={entry.to} to={entry.to} className="follow-hub-entry">
                <span className="follow-hub-icon" style={{ background: entry.color }}>
                  <svg
                    viewBox="0 0 24 24"
                    width="24"
                    height="24"
                    role="img"
                    aria-label={`${entry.iconName}图标`}
                    focusable="false"
                  >
                    <path
                      d={entry.icon}
                      fill="none"
                      stroke="#fff"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
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
