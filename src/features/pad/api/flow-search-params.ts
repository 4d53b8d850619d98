import { optionalDay, optionalText, optionalUuid } from '@/lib/search-params';
import { parseDealAction, type DealAction } from '@/features/follow/deal-action-param';

// Route search validators (they load with every page, so this file imports nothing heavy).

/**
 * The tablet flow screens keep their selection in the URL search (the phone detail routes' instanceId / taskId /
 * readId, plus the 办理 action open in the right pane), so rotating or resizing the window never loses it.
 */
export interface FlowSelection {
  instanceId?: string;
  taskId?: string;
  readId?: string;
  deal?: DealAction;
}

/** The search keys that hold the selection: a split screen's 返回 clears exactly these. */
export const FLOW_SELECTION_KEYS = ['instanceId', 'taskId', 'readId', 'deal'] as const;

export function validateFlowSelection(search: Record<string, unknown>): FlowSelection {
  const instanceId = optionalUuid(search.instanceId);
  if (!instanceId) return {};
  return defined({
    instanceId,
    taskId: optionalUuid(search.taskId),
    readId: optionalUuid(search.readId),
    deal: parseDealAction(search.deal),
  });
}

export interface FlowSearchParams extends FlowSelection {
  keyword?: string;
  category?: string;
  from?: string;
  to?: string;
}

/** 流程查询 on a tablet: the phone results route's filters plus the chosen flow. */
export function validateFlowSearchParams(search: Record<string, unknown>): FlowSearchParams {
  const filters = {
    keyword: optionalText(search.keyword, 50),
    category: optionalText(search.category, 32),
    from: optionalDay(search.from),
    to: optionalDay(search.to),
  };
  return { ...defined(filters), ...validateFlowSelection(search) };
}

export interface FlowStartParams {
  definitionId?: string;
  draftId?: string;
}

export function validateFlowStartParams(search: Record<string, unknown>): FlowStartParams {
  return defined({ definitionId: optionalUuid(search.definitionId), draftId: optionalUuid(search.draftId) });
}

/** Absent parameters stay out of the URL. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
