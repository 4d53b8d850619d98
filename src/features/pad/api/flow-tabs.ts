import type { FlowCounts } from '@contract/flow';
import { validateFlowSelection, type FlowSelection } from './flow-search-params';

/** The lists the tablet 待办 screen offers as tabs; `count` names the badge each shows. */
export const BACKLOG_TABS = [
  { kind: 'todo', title: '待办', count: 'todo' },
  { kind: 'unread', title: '待阅', count: 'unread' },
  { kind: 'history', title: '已办' },
  { kind: 'mine', title: '我发起的' },
] as const satisfies ReadonlyArray<{ kind: string; title: string; count?: keyof FlowCounts }>;

export type BacklogTab = (typeof BACKLOG_TABS)[number]['kind'];

export type BacklogSearch = FlowSelection & { tab?: Exclude<BacklogTab, 'todo'> };

/** `tab` is left out for 待办 so the plain /padbacklog/index link is the to-do list. */
export function validateBacklogSearch(search: Record<string, unknown>): BacklogSearch {
  const tab = BACKLOG_TABS.find((t) => t.kind !== 'todo' && t.kind === search.tab)?.kind as BacklogSearch['tab'];
  return { ...(tab ? { tab } : {}), ...validateFlowSelection(search) };
}
