import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { flowCountsQueryOptions } from '@/features/follow/api/get-flow-counts';
import { BACKLOG_TABS, type BacklogSearch } from '../api/flow-tabs';
import { PadFlowSplit } from './pad-flow-split';
import './pad-flow.css';

/** Tablet 待办: the 审批 lists as tabs over the list pane, the chosen flow and its 办理 in the right pane. */
export function PadBacklogPage({ search }: { search: BacklogSearch }) {
  const navigate = useNavigate();
  const { data: counts } = useQuery(flowCountsQueryOptions());
  const { tab, ...selection } = search;
  const kind = tab ?? 'todo';
  const tabs = (
    <div className="pad-flow-tabs">
      {/* the tabs switch lists in place; 流程查询 beside them is a link to another page, so it stays out of the tablist */}
      <div className="pad-flow-tablist" role="tablist" aria-label="审批列表">
        {BACKLOG_TABS.map((t) => {
          const n = 'count' in t ? (counts?.[t.count] ?? 0) : 0;
          return (
            <button
              key={t.kind}
              type="button"
              role="tab"
              aria-selected={t.kind === kind}
              className={t.kind === kind ? 'pad-flow-tab pad-flow-tab-on' : 'pad-flow-tab'}
              onClick={() =>
                void navigate({ to: '/padbacklog/index', search: t.kind === 'todo' ? {} : { tab: t.kind } })
              }
            >
              {t.title}
              {n > 0 && (
                <span className="pad-flow-tab-count" aria-label={`${n}条`}>
                  {n > 99 ? '99+' : n}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <Link to="/padbacklog/searchList" className="pad-flow-tab">
        流程查询
      </Link>
    </div>
  );
  return <PadFlowSplit key={kind} kind={kind} selection={selection} header={tabs} />;
}
