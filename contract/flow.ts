/**
 * Workflow (审批) calls, module code `flow`:
 *   GET  /api/flow/definitions?keyword            catalogue (enabled definitions, by category)
 *   GET  /api/flow/definitions/:id                one definition with its form schema
 *   POST /api/flow/instances                      start: { definitionId, formData, draft?, chosenAssignees?, ccUserIds?, channels? }
 *                                                 (channels: 提醒方式 of contract/upms.ts; the new handlers are told through them)
 *   GET  /api/flow/instances/:id                  detail: header, form, trace, tasks, abilities
 *   POST /api/flow/instances/:id/withdraw         initiator, while 审批中 (graph.withdraw may allow less)
 *   POST /api/flow/instances/:id/cc               initiator copies the request to more people { userIds } (→ their 待阅)
 *   POST /api/flow/instances/:id/copy             initiator: a rejected or withdrawn request into a new draft (再次提交)
 *   POST /api/flow/tasks/:id/remove-signer        the one who asked for 加签 removes a co-signer (:id = their task) before they act
 *   POST /api/flow/instances/:id/urge             initiator reminds the current handlers { channels }
 *   POST /api/flow/instances/:id/comments         评论 without acting { content } (anyone who may view it) → FlowCommentResult
 *   POST /api/flow/tasks/:id/approve|reject|return|transfer|add-signer   the handler's actions (body below)
 *   POST /api/flow/tasks/:id/delegate             委派 { userId, opinion?, channels? }: one person gives an opinion, the handler
 *                                                 decides after it; POST /api/flow/tasks/:id/reply { opinion } is the delegate's
 *   GET|POST /api/flow/proxies, DELETE /api/flow/proxies/:id   审批代理 (contract/flow-proxy.ts)
 *   POST /api/flow/tasks/:id/approve-from-notification   同意 from a 待办 notification, no session: { token } (the
 *                                                 push's one-time action token) + Idempotency-Key → NotificationApproveResult
 *   POST /api/flow/reads/:id/read                 a copy (待阅) becomes read (已阅)
 *   GET  /api/flow/task/todo | unread | history | read | transfer | back | mine | receive | search | cc   paged lists
 *                                                 (cc = 抄送我: every copy, read or not)
 *   GET  /api/flow/counts                         every count of the hub and badges (FlowCounts), one SQL statement
 *   POST /api/flow/definitions                    admin: save a definition (a new version), checked before storing
 *   GET  /api/events?ticket=                      server-sent events: `event: flow`, data = FlowLiveEvent (with every module's)
 *                                                 (contract/live-events.ts): on connect and whenever the caller's lists change
 * List queries: pageNum, pageSize (≤ 100), keyword (1–2 Chinese characters are indexed), category, code (the process),
 * status (InstanceStatus), from, to (yyyy-MM-dd, on the time the list is sorted by: FlowListRow.sortedAt)
 * → { rows: FlowListRow[], total }. Writes accept an Idempotency-Key header.
 * A definition's graph.autoPass (contract/flow-schemas.ts autoPassRules) lets nodes pass by themselves (系统自动通过).
 *
 * CHANGELOG: FlowLiveEvent moved to contract/live-events.ts (typed per module, with origin); FlowActionResult, StartResult types; routes above documented.
 */

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'daterange',
  'select',
  'user',
  'attachment',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

// FormField, AssigneeRule, Condition, FlowNode and FlowGraph are the zod schemas' types (contract/flow-schemas.ts):
// one definition validates saved definitions on the server and types them everywhere. A type-only re-export keeps
// zod out of the client bundle (this file imports no zod at all: tests/unit/contract/zod-free.test.ts).
import type { AssigneeRule, Condition, FlowGraph, FlowNode, FormField } from './flow-schemas';
export type { AssigneeRule, Condition, FlowGraph, FlowNode, FormField };
// what the writes answer (同意, 评论, 发起, 同意 from a notification) lives beside: contract/flow-results.ts
export type {
  FlowActionResult,
  FlowCommentResult,
  FlowReminder,
  NotificationApproveResult,
  StartResult,
  UnattendedTask,
} from './flow-results';

export type InstanceStatus = 'draft' | 'running' | 'approved' | 'rejected' | 'withdrawn' | 'returned';
export const INSTANCE_STATUS_TEXT: Record<InstanceStatus, string> = {
  draft: '草稿',
  running: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
  returned: '已退回',
};

export type FlowAction =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'return'
  | 'transfer'
  | 'add-signer'
  | 'withdraw'
  | 'urge'
  | 'copy'
  | 'read'
  | 'resubmit'
  | 'closed'
  | 'remove-signer'
  | 'comment'
  | 'timeout'
  | 'delegate'
  | 'delegate-reply'
  | 'auto-approve';
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
  closed: '关闭',
  'remove-signer': '移除加签',
  comment: '评论',
  timeout: '超时上报',
  delegate: '委派',
  'delegate-reply': '委派意见',
  'auto-approve': '系统自动通过',
};

/** How a finished request ends its timeline (the last node, with the time it finished). */
export type FlowOutcomeStatus = 'approved' | 'rejected';
export const OUTCOME_TEXT: Record<FlowOutcomeStatus, string> = { approved: '审批通过', rejected: '已驳回' };
export interface FlowOutcome {
  status: FlowOutcomeStatus;
  finishedAt: string;
}

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
  /** the applicant may name 抄送人 on the start form (POST /api/flow/instances ccUserIds) */
  applicantCc?: boolean;
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
  // the server always sends the fields below; they are optional because a list cached offline by an older version
  // of the app lacks them
  /** the time the list is sorted by: 待办 arrival, 已办 handled, 我发起的 submitted, 待阅/抄送我 received, 已阅 read */
  sortedAt?: string;
  /** the form's key fields, as the definition declares them (form fields marked `summary`, else its first few) */
  summary?: { label: string; text: string }[];
  /** the people it waits on now (我发起的 shows them) */
  waitingOn?: string[];
  /** 审批代理 (待办, 已办, 已转办): the caller holds this task for this person */
  onBehalfOfName?: string;
  /** 待办: the caller asked for 前加签/后加签 and waits for the added people (no 办理 until they decide) */
  waitingForSigners?: boolean;
  /** 待办: 同意 needs no input here (no required opinion, no next handler to choose), so it may be batch-approved */
  quickApprove?: boolean;
  /** 抄送我: whether the caller has read the copy */
  read?: boolean;
  /** 待办: the node's time limit (上报 or 超时) has passed: the list says 已超时 */
  overdue?: boolean;
}

export interface TraceEntry {
  id: string;
  /** where the step was taken (a 评论: the nodes the request waited at then, '' once it had finished) */
  nodeName: string;
  actorName: string;
  /** 审批代理: whom the actor stood in for (shown 王五（代 李四）, contract/flow-proxy.ts actingName) */
  onBehalfOfName?: string | null;
  actorSignImg: string | null;
  action: FlowAction;
  /** the opinion (HTML from the desktop client is sanitised when shown); a 评论's plain text */
  opinion: string;
  attachments: { fileName: string; attachName: string }[];
  createdAt: string;
  /** a 催办 step, to its sender (or an admin): the reminder whose report (GET /api/message/:id/deliveries) says how it went */
  messageId?: string;
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
  /** the node asks for the handler's signature (set in 我的) on their decision */
  needSign?: boolean;
  /** nodes this task may be returned to (the start node means the initiator) */
  returnTargets: { nodeId: string; nodeName: string }[];
  editableFields: string[];
  /** 同意 here leads to a node whose handlers the approver chooses (its name), else null */
  nextChosenNode?: string | null;
  /** the initiator may go on editing and submit this draft */
  editDraft?: boolean;
  /** the initiator may copy the request to more people (抄送) */
  addCopy?: boolean;
  /** the initiator may copy a rejected or withdrawn request into a new draft (再次提交) */
  copyAgain?: boolean;
  /** 委派: the handler may ask someone for their opinion, and decides after it */
  delegate?: boolean;
  /** the caller's task was delegated to them: they give their opinion (回复), and the handler decides */
  reply?: boolean;
  /** co-signers the caller added (加签) who have not acted yet: the caller may remove them */
  removableSigners?: { taskId: string; realName: string }[];
}

/** An approval node still to come (the detail's trace shows the route ahead). */
export interface RouteStep {
  nodeName: string;
  /** all = 会签, any = 或签 (matters when several people are named) */
  signMode: 'all' | 'any';
  handlers: string[];
  /** the handler before it chooses who handles it */
  chosenLater: boolean;
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
  /** approval nodes still to come, in order */
  routeAhead?: RouteStep[];
  /** a finished request's end (审批通过 / 已驳回 and when), the timeline's last node; null while it runs or after 撤回 */
  outcome?: FlowOutcome | null;
}

/**
 * Every count of the hub and the badges, from one SQL statement; each equals the total of the list it names.
 * The 审批 home tile shows `todo` only (待办 to act on); the others have their own labels on the hub.
 */
export interface FlowCounts {
  /** 待办 to act on (pending tasks; a task waiting for 加签 people is in `waiting`) */
  todo: number;
  /** 待阅: unread copies */
  unread: number;
  /** 我的退回 */
  back: number;
  /** 收文 not yet read */
  receive: number;
  // always sent; optional because counts cached offline by an older version of the app lack them
  /** 待办 rows waiting for the people the caller added (加签): the 待办 list total is todo + waiting */
  waiting?: number;
  /** 已办 */
  history?: number;
  /** 已阅 */
  read?: number;
  /** 已转办 */
  transfer?: number;
  /** 我发起的, and of them 审批中 */
  mine?: number;
  running?: number;
  /** 抄送我 (all copies), of them unread = `unread` */
  cc?: number;
}

export const FLOW_LISTS = [
  'todo',
  'unread',
  'history',
  'read',
  'transfer',
  'back',
  'mine',
  'receive',
  'search',
  'cc',
] as const;
export type FlowListKind = (typeof FLOW_LISTS)[number];
