import { lazy, Suspense, useState } from 'react';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STATS_SCOPE_TEXT,
  type AgeCount,
  type DefinitionStats,
  type FlowStats,
  type SlowNode,
  type StatsScope,
} from '@contract/flow-stats';
import { flowStatsQueryOptions } from '../api/get-flow-stats';
import { flowKeys } from '../api/flow-keys';
import { durationText, percentText } from './stats-format';
import './follow-base.css';
import './flow-stats-page.css';

// Chart.js stays out of every first load: it comes with this page, in its own chunk
const StatsChart = lazy(() => import('./stats-chart'));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flow-stats-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A chart with its figures written out beside it: read at a glance, and the same numbers as the API. */
function Chart({ title, rows, horizontal }: { title: string; rows: [string, number, string][]; horizontal?: boolean }) {
  return (
    // a horizontal chart (one bar per flow or node) spans the row on a tablet
    <section className={`flow-stats-card${horizontal ? ' flow-stats-card-wide' : ''}`} aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="flow-stats-empty">暂无数据</p>
      ) : (
        <>
          <Suspense fallback={<div className="flow-stats-chart" />}>
            <StatsChart
              title={title}
              labels={rows.map((r) => r[0])}
              values={rows.map((r) => r[1])}
              horizontal={horizontal}
            />
          </Suspense>
          <dl className="flow-stats-rows">
            {rows.map(([label, , text]) => (
              <Figure key={label} label={label} value={text} />
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

const ageRows = (ages: AgeCount[]): [string, number, string][] => ages.map((a) => [a.label, a.count, `${a.count}条`]);
const nodeRows = (nodes: SlowNode[]): [string, number, string][] =>
  nodes.map((n) => [`${n.definitionName}·${n.nodeName}`, n.medianMinutes, durationText(n.medianMinutes)]);

function MyFigures({ me }: { me: NonNullable<FlowStats['me']> }) {
  const waiting = me.waitingByAge.reduce((sum, a) => sum + a.count, 0);
  return (
    <>
      <dl className="flow-stats-card flow-stats-summary">
        <Figure label="本月已办" value={`${me.handledThisMonth}条`} />
        <Figure label="处理用时中位数" value={durationText(me.medianMinutes)} />
        <Figure label="待我处理" value={`${waiting}条`} />
      </dl>
      <Chart title="待办等待时长" rows={ageRows(me.waitingByAge)} />
    </>
  );
}

function DeptFigures({ dept }: { dept: NonNullable<FlowStats['dept']> }) {
  return (
    <>
      <dl className="flow-stats-card flow-stats-summary">
        <Figure label="部门" value={dept.orgNames.join('、')} />
        <Figure label="已超时待办" value={`${dept.overdue}条`} />
      </dl>
      <Chart title="部门待办等待时长" rows={ageRows(dept.waitingByAge)} />
      <Chart title="最慢的审批节点" rows={nodeRows(dept.slowestNodes)} horizontal />
    </>
  );
}

function DefinitionRow({ d }: { d: DefinitionStats }) {
  return (
    <section className="flow-stats-card" aria-label={d.name}>
      <h3>{d.name}</h3>
      <dl className="flow-stats-rows">
        <Figure label="发起量" value={`${d.volume}件`} />
        <Figure label="用时中位数" value={durationText(d.medianHours === null ? null : d.medianHours * 60)} />
        <Figure label="用时P90" value={durationText(d.p90Hours === null ? null : d.p90Hours * 60)} />
        <Figure label="驳回率" value={percentText(d.rejectionRate)} />
        <Figure label="最久等待节点" value={d.slowestNode ? d.slowestNode.nodeName : '暂无'} />
      </dl>
    </section>
  );
}

function AllFigures({ all }: { all: NonNullable<FlowStats['all']> }) {
  const rows = all.definitions.map((d): [string, number, string] => [d.name, d.volume, `${d.volume}件`]);
  return (
    <>
      <Chart title="各流程发起量（近90天）" rows={rows} horizontal />
      {all.definitions.map((d) => (
        <DefinitionRow key={d.code} d={d} />
      ))}
    </>
  );
}

function ScopeFigures({ scope }: { scope: StatsScope }) {
  const { data, isPending, isError } = useQuery(flowStatsQueryOptions(scope));
  if (isPending) return <p className="flow-stats-empty">加载中…</p>;
  if (isError || !data) return <p className="flow-stats-empty">统计加载失败，请下拉重试</p>;
  return (
    <div className="flow-stats-grid">
      {data.me && <MyFigures me={data.me} />}
      {data.dept && <DeptFigures dept={data.dept} />}
      {data.all && <AllFigures all={data.all} />}
    </div>
  );
}

/** 审批统计: my own figures; a department head's and an administrator's scopes as tabs when they may read them. */
export function FlowStatsPage() {
  const queryClient = useQueryClient();
  // the scopes this person may read come with every answer; 我的 is everyone's
  const { data: mine } = useQuery(flowStatsQueryOptions('me'));
  const scopes = mine?.scopes ?? ['me'];
  const [scope, setScope] = useState<StatsScope>('me');
  return (
    <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: [...flowKeys.all, 'stats'] })}>
      <div className="follow-page flow-stats">
        {scopes.length > 1 && (
          <Tabs activeKey={scope} onChange={(key) => setScope(key as StatsScope)}>
            {scopes.map((s) => (
              <Tabs.Tab key={s} title={STATS_SCOPE_TEXT[s]} />
            ))}
          </Tabs>
        )}
        <ScopeFigures scope={scope} />
      </div>
    </PullToRefresh>
  );
}
