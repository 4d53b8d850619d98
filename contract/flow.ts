/**
 * Workflow (审批) calls, module code `flow`:
 *   GET  /api/flow/definitions?keyword            catalogue (enabled definitions, by category)
 *   GET  /api/flow/definitions/:id                one definition with its form schema
 *   POST /api/flow/instances                      start: { definitionId, formData, draft?, chosenAssignees?, channels? }
 *   GET  /api/flow/instances/:id                  detail: header, form, trace, tasks, abilities
 *   POST /api/flow/instances/:id/withdraw         initiator, before the next handler acts
 *   POST /api/flow/instances/:id/urge             initiator reminds the current handlers { channels }
 *   POST /api/flow/tasks/:id/approve|reject|return|transfer|add-signer   the handler's actions (body below)
 *   POST /api/flow/reads/:id/read                 a copy (待阅) becomes read (已阅)
 *   GET  /api/flow/task/todo | unread | history | read | transfer | back | mine | receive | search   paged lists
 *   GET  /api/flow/counts                         counts for the hub and badges
 *   POST /api/flow/definitions                    admin: save a definition (a new version), checked before storing
 *   GET  /api/flow/events?uid=                    server-sent events: `event: flow`, data = FlowCounts (FlowLiveEvent),
 *                                                 once on connect and whenever the caller's lists change
 * List queries: pageNum, pageSize (≤ 100), keyword (1–2 Chinese characters are indexed), category, from, to
 * (yyyy-MM-dd, on the creation date) → { rows: FlowListRow[], total }. Writes accept an Idempotency-Key header.
 *
 * CHANGELOG (additive only): FlowLiveEvent, FlowActionResult, StartResult types; routes above documented.
 */

export const FIELD_TYPES = ['text', 'textarea', 'number', 'money', 'date', 'daterange', 'select', 'user', 'attachment'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
  key: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** text: max length; number/money: bounds */
  max?: number;
  min?: number;
  /** select: the dictionary type its options come from, or inline options */
  dict?: string;
  options?: { label: string; value: string }[];
  placeholder?: string;
}

export type AssigneeRule =
  | { type: 'users'; userIds: string[] }
  | { type: 'role'; role: string }
  | { type: 'post'; post: string }
  | { type: 'deptHead' }
  | { type: 'chosen' };

export interface Condition {
  field: string;
  op: '>' | '>=' | '<' | '<=' | '==' | '!=';
  value: number | string;
}

export interface FlowNode {
  id: string;
  /** parallel: every target in `parallel` runs at once; join: waits until no branch has open work, then goes on */
  type: 'start' | 'approval' | 'copy' | 'parallel' | 'join' | 'end';
  name: string;
  assignee?: AssigneeRule;
  /** approval: 会签 all must sign / 或签 any may sign */
  signMode?: 'all' | 'any';
  /** copy nodes: who receives it in 待阅 (or in 收文 when copyKind is receive) */
  copyTo?: AssigneeRule;
  copyKind?: 'copy' | 'receive';
  opinionRequired?: boolean;
  /** the form fields this node's handler may change */
  editableFields?: string[];
  /** the first branch whose condition holds wins; `next` is the default */
  branches?: { when: Condition; next: string }[];
  next?: string;
  /** parallel nodes: the branches that start together */
  parallel?: string[];
}

export interface FlowGraph {
  nodes: FlowNode[];
}

export type InstanceStatus = 'draft' | 'running' | 'approved' | 'rejected' | 'withdrawn' | 'returned';
export const INSTANCE_STATUS_TEXT: Record<InstanceStatus, string> = {
  draft: '草稿',
  running: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
  returned: '已退回',
};

export type FlowAction = 'submit' | 'approve' | 'reject' | 'return' | 'transfer' | 'add-signer' | 'withdraw' | 'urge' | 'copy' | 'read' | 'resubmit';
export const ACTION_TEXT: Record<FlowAction, string> = {
  submit: '提交',
  approve: '同意',
  reject: '驳回',
  return: '退回',
  transfer: '转办',
  'add-signer': '加签',
  withdraw: '撤回',
  urge: '催办',
  copy: '抄送',
  read: '已阅',
  resubmit: '重新提交',
};

export interface DefinitionSummary {
  id: string;
  code: string;
  category: string;
  name: string;
  icon: string;
  version: number;
  isDocument: boolean;
}

export interface DefinitionDetail extends DefinitionSummary {
  formSchema: FormField[];
  /** the first approval node asks the initiator to choose its handlers */
  firstNodeChosen: boolean;
}

export interface FlowListRow {
  /** the task, read item or instance id this row opens */
  id: string;
  instanceId: string;
  title: string;
  serial: string;
  definitionName: string;
  category: string;
  initiatorName: string;
  nodeName: string;
  status: InstanceStatus;
  createdAt: string;
  handledAt: string | null;
}

export interface TraceEntry {
  id: string;
  nodeName: string;
  actorName: string;
  actorSignImg: string | null;
  action: FlowAction;
  opinion: string;
  attachments: { fileName: string; attachName: string }[];
  createdAt: string;
}

export interface FlowAbilities {
  approve: boolean;
  reject: boolean;
  return: boolean;
  transfer: boolean;
  addSigner: boolean;
  withdraw: boolean;
  urge: boolean;
  opinionRequired: boolean;
  /** nodes this task may be returned to (the start node means the initiator) */
  returnTargets: { nodeId: string; nodeName: string }[];
  editableFields: string[];
  /** 同意 here leads to a node whose handlers the approver chooses (its name), else null */
  nextChosenNode?: string | null;
  /** the initiator may go on editing and submit this draft */
  editDraft?: boolean;
}

export interface InstanceDetail {
  id: string;
  title: string;
  serial: string;
  definition: DefinitionSummary;
  formSchema: FormField[];
  formData: Record<string, unknown>;
  initiator: { id: string; realName: string; orgName: string };
  status: InstanceStatus;
  currentNodeNames: string[];
  currentHandlers: string[];
  createdAt: string;
  trace: TraceEntry[];
  /** the caller's open task on this instance, if any */
  myTaskId: string | null;
  /** the caller's unread copy, if any */
  myReadId: string | null;
  abilities: FlowAbilities;
  version: number;
}

export interface FlowCounts {
  todo: number;
  unread: number;
  back: number;
  receive: number;
}

export const FLOW_LISTS = ['todo', 'unread', 'history', 'read', 'transfer', 'back', 'mine', 'receive', 'search'] as const;
export type FlowListKind = (typeof FLOW_LISTS)[number];

/** The data of each `flow` server-sent event: the caller's counts after a change (refetch the lists on screen). */
export type FlowLiveEvent = FlowCounts;

/** What every handler action and 撤回 answer with. */
export interface FlowActionResult {
  instanceId: string;
  /** people whose lists changed (their live connections were told) */
  notified: string[];
  /** the instance ended with this action */
  finished?: boolean;
}

/** POST /api/flow/instances answers with the instance, a draft or a submitted one. */
export interface StartResult {
  id: string;
  serial: string;
  status: 'draft' | 'running' | 'approved';
  notified: string[];
}
