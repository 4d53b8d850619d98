/**
 * 审批代理 (module code flow): a stand-in handles someone's approvals while they are away.
 *
 *   GET    /api/flow/proxies        { rows: FlowProxy[] }  the caller's own, those they stand in for, those they set
 *   POST   /api/flow/proxies        FlowProxyBody → FlowProxy (userId: a department head sets one for their staff)
 *   DELETE /api/flow/proxies/:id    the stand-in's unhandled tasks go back at once
 */
export interface FlowProxyBody {
  /** whose tasks; omitted: the caller's own */
  userId?: string;
  proxyUserId: string;
  /** ISO 8601 with offset */
  startAt: string;
  endAt: string;
  /** only these flows; omitted or empty: every flow */
  definitionIds?: string[];
  /** move the tasks already waiting to the stand-in when the window opens */
  includeWaiting?: boolean;
}

/** scheduled: not yet begun; active: tasks go to the stand-in now; ended: over (or closed early) */
export type FlowProxyState = 'scheduled' | 'active' | 'ended';

export interface FlowProxy {
  id: string;
  userId: string;
  userName: string;
  proxyUserId: string;
  proxyUserName: string;
  startAt: string;
  endAt: string;
  /** empty: every flow */
  definitions: { id: string; name: string }[];
  includeWaiting: boolean;
  state: FlowProxyState;
  /** the caller may delete it (the person, whoever set it, or their department head) */
  canDelete: boolean;
}

export const FLOW_PROXY_STATE_LABELS: Record<FlowProxyState, string> = {
  scheduled: '未开始',
  active: '代理中',
  ended: '已结束',
};

/** The longest window one proxy may span. */
export const MAX_PROXY_DAYS = 366;

/** 王五（代 李四）: a stand-in's name as the trace and lists show it. */
export function actingName(actorName: string, onBehalfOfName?: string | null): string {
  return onBehalfOfName ? `${actorName}（代 ${onBehalfOfName}）` : actorName;
}
