import type { FlowGraph, FlowListRow, FormField, InstanceStatus } from '@contract/flow';
import { advanceFrom } from './engine/graph';

/** A row as every list query selects it (list-query.ts, todo-list.ts). */
export interface ListRecord {
  id: string;
  instanceId: string;
  title: string;
  serial: string;
  definitionName: string;
  category: string;
  initiatorName: string;
  nodeName: string | null;
  /** the task's node and status when the row is a task (待办, 已办), else null */
  nodeId: string | null;
  taskStatus: string | null;
  status: string;
  createdAt: Date;
  handledAt: Date | null;
  sortedAt: Date;
  formSchema: FormField[];
  formData: Record<string, unknown>;
  graph: FlowGraph;
  waitingOn: string[] | null;
  readAt: Date | null;
  overdue: boolean;
  onBehalfOfName: string | null;
}

// a card has room for three facts; a definition that marks none shows its first fields of these kinds
const SUMMARY_LIMIT = 3;
const SUMMARY_TYPES = new Set<FormField['type']>(['select', 'date', 'daterange', 'number', 'money']);

function summaryFields(schema: FormField[]): FormField[] {
  const marked = schema.filter((f) => f.summary);
  return (marked.length > 0 ? marked : schema.filter((f) => SUMMARY_TYPES.has(f.type))).slice(0, SUMMARY_LIMIT);
}

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** How a stored value reads on a card (the detail page's form renderer reads the same values the same way). */
function valueText(field: FormField, value: unknown): string | null {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return null;
  switch (field.type) {
    case 'money':
      return Number.isFinite(Number(value)) ? `¥${money.format(Number(value))}` : null;
    case 'daterange':
      return Array.isArray(value) ? `${value[0]} 至 ${value[1]}` : String(value);
    case 'select':
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    default:
      return typeof value === 'object' ? null : String(value);
  }
}

/** The form's key fields for a card, as the definition declares them. */
export function summaryOf(schema: FormField[], data: Record<string, unknown>): { label: string; text: string }[] {
  return summaryFields(schema).flatMap((field) => {
    const text = valueText(field, data[field.key]);
    return text === null ? [] : [{ label: field.label, text }];
  });
}

/**
 * 同意 needs no input at `nodeId`: the node asks no opinion and no signature, and the next node's handlers are not for
 * the approver to choose (the 待办 list's batch 同意, and 同意 from a notification, which also wants no editable field).
 */
export function approvesWithoutInput(
  graph: FlowGraph,
  nodeId: string | null,
  formData: Record<string, unknown>,
): boolean {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node || node.type !== 'approval') return false;
  // batch 同意 sends no opinion and no signature
  if (node.opinionRequired || node.needSign) return false;
  try {
    const next = advanceFrom(graph, node, formData).stop;
    return !(next?.type === 'approval' && next.assignee?.type === 'chosen');
  } catch {
    // a graph that cannot be walked is left to the 办理 page, which explains it
    return false;
  }
}

/** One row of any flow list; `todo` rows say whether they wait for 加签 people or may be batch-approved. */
export function presentListRow(record: ListRecord, kind: string): FlowListRow {
  const row: FlowListRow = {
    id: record.id,
    instanceId: record.instanceId,
    title: record.title,
    serial: record.serial,
    definitionName: record.definitionName,
    category: record.category,
    initiatorName: record.initiatorName,
    nodeName: record.nodeName ?? '',
    status: record.status as InstanceStatus,
    createdAt: record.createdAt.toISOString(),
    handledAt: record.handledAt ? record.handledAt.toISOString() : null,
    sortedAt: record.sortedAt.toISOString(),
    summary: summaryOf(record.formSchema, record.formData),
    waitingOn: record.waitingOn ?? [],
  };
  // 审批代理: the caller holds (or held) this task for someone else
  if (record.onBehalfOfName) row.onBehalfOfName = record.onBehalfOfName;
  if (kind === 'todo') {
    row.waitingForSigners = record.taskStatus === 'waiting';
    row.quickApprove =
      record.taskStatus === 'pending' &&
      record.status === 'running' &&
      approvesWithoutInput(record.graph, record.nodeId, record.formData);
    row.overdue = record.taskStatus === 'pending' && Boolean(record.overdue);
  }
  if (kind === 'cc') row.read = record.readAt !== null;
  return row;
}
