import { Link, Outlet } from '@tanstack/react-router';
import { PadSection } from './pad-layout';
import './pad-worktable.css';

/** Spec §2's /padflow children, each a tab; 更多审批 is the 审批 hub with every other list (抄送我, 收文, 已阅, …). */
const FLOW_TABS = [
  { to: '/padflow/waitDetail', title: '待办' },
  { to: '/padflow/unreadDetail', title: '待阅' },
  { to: '/padflow/viewDetail', title: '已办' },
  { to: '/padflow/startDetail', title: '我发起的' },
  { to: '/padflow/searchFlowList', title: '流程查询' },
  { to: '/padflow/start', title: '发起申请' },
  { to: '/follow/index', title: '更多审批' },
] as const;

const active = { className: 'pad-tab pad-tab-active', 'aria-current': 'page' } as const;

/** /padflow: the 审批 lists as tabs over the chosen one's split screen. */
export function PadFlowLayout() {
  return (
    <PadSection>
      <div className="pad-worktable pad-split-page">
        <nav className="pad-tabs" aria-label="审批">
          {FLOW_TABS.map((tab) => (
            <Link key={tab.to} to={tab.to} className="pad-tab" activeProps={active}>
              {tab.title}
            </Link>
          ))}
        </nav>
        <Outlet />
      </div>
    </PadSection>
  );
}
