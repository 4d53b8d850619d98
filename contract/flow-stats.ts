/** 审批统计 (GET /api/flow/stats): what a person, a department head and an administrator read at a glance. */

export const STATS_SCOPES = ['me', 'dept', 'all'] as const;
export type StatsScope = (typeof STATS_SCOPES)[number];
export const STATS_SCOPE_TEXT: Record<StatsScope, string> = { me: '我的', dept: '本部门', all: '全部流程' };

/** How long open to-dos have waited, oldest last. */
export const AGE_BUCKETS = ['1天内', '1–3天', '3–7天', '7天以上'] as const;
export interface AgeCount {
  label: (typeof AGE_BUCKETS)[number];
  count: number;
}

export interface MyStats {
  /** tasks the person handled since the first of this month (China time) */
  handledThisMonth: number;
  /** median minutes from a task's arrival to its handling, over the last 90 days; null without any */
  medianMinutes: number | null;
  waitingByAge: AgeCount[];
}

export interface SlowNode {
  definitionName: string;
  nodeName: string;
  /** median minutes a task of the node waited (handled ones until handled, open ones until now), last 90 days */
  medianMinutes: number;
  tasks: number;
}

export interface DeptStats {
  /** the departments the person leads (with those under them) */
  orgNames: string[];
  waitingByAge: AgeCount[];
  slowestNodes: SlowNode[];
  /** open to-dos of the department past their node's time limit (上报 or 超时) */
  overdue: number;
}

export interface DefinitionStats {
  code: string;
  name: string;
  /** requests submitted in the last 90 days */
  volume: number;
  /** of those, finished (approved or rejected) */
  finished: number;
  /** hours from submitting to finishing, of the finished ones; null without any */
  medianHours: number | null;
  p90Hours: number | null;
  /** rejected ÷ finished, 0–1; null without finished ones */
  rejectionRate: number | null;
  /** the node whose tasks waited longest (median) */
  slowestNode: { nodeName: string; medianMinutes: number } | null;
}

export interface FlowStats {
  scope: StatsScope;
  /** the scopes this person may read (the page offers these) */
  scopes: StatsScope[];
  me?: MyStats;
  dept?: DeptStats;
  all?: { definitions: DefinitionStats[] };
}
