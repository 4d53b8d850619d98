import { z } from 'zod';
import { pageFields } from './pagination-schemas';
import { FIELD_TYPES } from './flow';
import { mentionIds, reminderChannel } from './message-schemas';

/** Request bodies and list queries of the flow calls (contract/flow.ts lists them): validated on the server; the client imports only their types, so zod stays out of the app bundle. */

const id = z.string().uuid('ID格式不正确');
const opinion = z.string().trim().max(2000, '意见不能超过2000字').default('');
const attachments = z
  .array(z.object({ fileName: z.string().min(1).max(200), attachName: z.string().min(1).max(255) }))
  .max(20, '附件最多20个')
  .default([]);
/** reminder channels of the dictionary (contract/upms.ts) the action's notifications go out through */
const channels = z.array(reminderChannel).max(10).default([]);

export const startBody = z.object({
  definitionId: id,
  /** save or submit an existing draft of the caller instead of starting a new instance */
  draftId: id.optional(),
  formData: z.record(z.string(), z.unknown()),
  draft: z.boolean().default(false),
  chosenAssignees: z.array(id).max(20).default([]),
  /** 抄送人 named on the start form (where the definition allows it), copied when the request is submitted */
  ccUserIds: z.array(id).max(20, '抄送人员最多20人').default([]),
  channels,
  attachments,
});
export type StartBody = z.input<typeof startBody>;

export const approveBody = z.object({
  opinion,
  attachments,
  formData: z.record(z.string(), z.unknown()).optional(),
  chosenAssignees: z.array(id).max(20).default([]),
  channels,
});
/** POST /api/flow/tasks/:id/approve-from-notification: the one-time action token the 待办 push carried. */
export const approveFromNotificationBody = z.object({
  token: z
    .string({ error: '通知操作无效' })
    .regex(/^[A-Za-z0-9_-]+$/, '通知操作无效')
    .min(16, '通知操作无效')
    .max(100, '通知操作无效'),
});
export const rejectBody = z.object({ opinion, attachments });
export const returnBody = z.object({ opinion, attachments, targetNodeId: z.string().min(1, '请选择退回节点').max(64) });
export const transferBody = z.object({ opinion, toUserId: id, channels });
export const addSignerBody = z.object({
  opinion,
  userIds: z.array(id).min(1, '请选择加签人员').max(10),
  /** before: 前加签 (they decide, then the asker); after: 后加签 (the asker approves now, they decide after) */
  kind: z.enum(['before', 'after'], { message: '加签方式只能是前加签或后加签' }).default('before'),
  /** the added group's own rule: all = 会签, any = 或签 */
  signMode: z.enum(['all', 'any'], { message: '会签方式只能是会签或或签' }).default('all'),
  channels,
});
/** 委派: one person gives their opinion, the handler decides after it */
export const delegateBody = z.object({
  userId: z.string({ error: '请选择委派人' }).uuid('委派人ID格式不正确'),
  opinion,
  channels,
});
/** 回复委派: the delegate's opinion, which is the point of it */
export const replyBody = z.object({
  opinion: z.string({ error: '请填写委派意见' }).trim().min(1, '请填写委派意见').max(2000, '意见不能超过2000字'),
});
export type DelegateBody = z.input<typeof delegateBody>;
export type ReplyBody = z.input<typeof replyBody>;
export const ccBody = z.object({ userIds: z.array(id).min(1, '请选择抄送人员').max(20, '抄送人员最多20人') });
export type CcBody = z.input<typeof ccBody>;
/** 评论: plain text (tags are stripped on the server, the client renders it as text) */
export const commentBody = z.object({
  content: z.string({ error: '请输入评论内容' }).trim().min(1, '请输入评论内容').max(500, '评论不能超过500字'),
  mentionIds,
});
export type CommentBody = z.input<typeof commentBody>;
export const urgeBody = z.object({
  channels: z.array(reminderChannel).min(1, '请选择提醒方式').max(10),
  opinion,
  /** 催办 may ask for every chosen channel at once instead of escalating one at a time */
  allAtOnce: z.boolean().optional(),
});

export type ApproveBody = z.input<typeof approveBody>;
export type ReturnBody = z.input<typeof returnBody>;
export type TransferBody = z.input<typeof transferBody>;
export type AddSignerBody = z.input<typeof addSignerBody>;

/** GET /api/flow/stats */
export const flowStatsQuery = z.object({
  scope: z.enum(['me', 'dept', 'all'], { error: '统计范围只能是我的、本部门或全部流程' }).default('me'),
});

export const flowListQuery = z.object({
  ...pageFields,
  keyword: z.string().trim().max(50, '关键字过长').optional(),
  category: z.string().max(32).optional(),
  code: z.string().max(40).optional(),
  status: z
    .enum(['draft', 'running', 'approved', 'rejected', 'withdrawn', 'returned'], { message: '状态不正确' })
    .optional(),
  from: z.string().date('开始日期格式不正确').optional(),
  to: z.string().date('结束日期格式不正确').optional(),
});

export const assigneeRule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('users'), userIds: z.array(id).min(1, '请选择处理人').max(50) }),
  z.object({ type: z.literal('role'), role: z.string().min(1).max(64) }),
  z.object({ type: z.literal('post'), post: z.string().min(1).max(64) }),
  z.object({ type: z.literal('deptHead') }),
  z.object({ type: z.literal('chosen') }),
]);
export type AssigneeRule = z.infer<typeof assigneeRule>;

export const formField = z.object({
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, '字段标识只能包含字母、数字和下划线'),
  label: z.string().trim().min(1, '请填写字段名称').max(40),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().optional(),
  max: z.number().optional(),
  min: z.number().optional(),
  dict: z.string().max(64).optional(),
  options: z
    .array(z.object({ label: z.string().min(1).max(40), value: z.string().min(1).max(40) }))
    .max(100)
    .optional(),
  placeholder: z.string().max(100).optional(),
  /** required only while another field's value meets the condition (请假: the sick note when the type is 病假) */
  requiredWhen: z
    .object({ field: z.string().max(40), op: z.enum(['==', '!=']), value: z.string().max(100) })
    .optional(),
  /** a day count worked out from a date range field (`from`): the client fills it as dates are picked, the server checks it */
  computed: z.object({ kind: z.literal('leaveDays'), from: z.string().max(40) }).optional(),
  /** shown on list cards (leave type, dates, days; amount): the definition's summary; none marked = its first few */
  summary: z.boolean().optional(),
});
export type FormField = z.infer<typeof formField>;

export const condition = z.object({
  field: z.string().max(40),
  op: z.enum(['>', '>=', '<', '<=', '==', '!=']),
  value: z.union([z.number(), z.string().max(100)]),
});
export type Condition = z.infer<typeof condition>;

const minutes = (label: string) =>
  z
    .number({ error: `${label}须为分钟数` })
    .int(`${label}须为整数分钟`)
    .min(1, `${label}至少 1 分钟`)
    .max(366 * 24 * 60, `${label}不能超过一年`);

/**
 * An approval node's time limits, each a duration in minutes from the moment its task opens: remind the handler,
 * escalate to their department head, and on expiry approve, reject or hand the task to a named person. Counted in
 * working time (the work calendar) unless the clock is natural.
 */
export const nodeTimeLimit = z
  .object({
    remindAfterMinutes: minutes('提醒时限').optional(),
    escalateAfterMinutes: minutes('上报时限').optional(),
    expireAfterMinutes: minutes('超时时限').optional(),
    onExpire: z
      .enum(['approve', 'reject', 'transfer'], { error: '超时处理方式只能是自动同意、自动驳回或转交' })
      .optional(),
    transferTo: z.string().uuid('超时转交人格式不正确').optional(),
    clock: z.enum(['working', 'natural'], { error: '计时方式只能是工作时间或自然时间' }).optional(),
  })
  .refine((t) => t.onExpire !== 'transfer' || !!t.transferTo, { message: '超时转交需指定转交人', path: ['transferTo'] })
  .refine((t) => !t.onExpire || t.expireAfterMinutes !== undefined, {
    message: '设置超时处理方式时需填写超时时限',
    path: ['expireAfterMinutes'],
  });
export type NodeTimeLimit = z.infer<typeof nodeTimeLimit>;

export const flowNode = z.object({
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, '节点标识只能包含字母、数字、下划线和短横线'),
  /** parallel: every target in `parallel` runs at once; join: waits until no branch has open work, then goes on */
  type: z.enum(['start', 'approval', 'copy', 'parallel', 'join', 'end']),
  name: z.string().trim().min(1, '请填写节点名称').max(40),
  assignee: assigneeRule.optional(),
  /** approval: 会签 all must sign / 或签 any may sign */
  signMode: z.enum(['all', 'any']).optional(),
  /** copy nodes: who receives it in 待阅 (or in 收文 when copyKind is receive) */
  copyTo: assigneeRule.optional(),
  copyKind: z.enum(['copy', 'receive']).optional(),
  opinionRequired: z.boolean().optional(),
  /** the handler's signature image (set in 我的) is attached to their decision; without one they cannot decide */
  needSign: z.boolean().optional(),
  /** the form fields this node's handler may change */
  editableFields: z.array(z.string().max(40)).max(100).optional(),
  /** the first branch whose condition holds wins; `next` is the default */
  branches: z
    .array(z.object({ when: condition, next: z.string().max(40) }))
    .max(20)
    .optional(),
  next: z.string().max(40).optional(),
  /** parallel nodes: the branches that start together */
  parallel: z.array(z.string().max(40)).max(10).optional(),
  /** approval nodes: remind, escalate and expire after so many minutes */
  timeLimit: nodeTimeLimit.optional(),
});
export type FlowNode = z.infer<typeof flowNode>;

/**
 * 自动通过, per definition: an approval node whose handler is the applicant (applicant) or the one who approved the
 * node before (repeated) passes by itself; a node nobody can handle is refused (refuse), goes to the admins (admin),
 * or passes (pass). Each pass is a step of the trace: 系统自动通过, with the reason.
 */
export const autoPassRules = z.object({
  applicant: z.boolean().default(false),
  repeated: z.boolean().default(false),
  empty: z.enum(['refuse', 'admin', 'pass'], { message: '无处理人时的处理方式不正确' }).default('refuse'),
});
export type AutoPassRules = z.infer<typeof autoPassRules>;
export const flowGraph = z.object({
  nodes: z.array(flowNode).min(2).max(100),
  autoPass: autoPassRules.optional(),
  /** the applicant may name 抄送人 on the start form (they get the request in 待阅 when it is submitted) */
  applicantCc: z.boolean().optional(),
  /**
   * 撤回 by the applicant: while the request is 审批中 (running, the default), only until the first handler acts
   * (untouched), or never; a process whose later steps cannot be undone (a payment, a seal) limits it
   */
  withdraw: z.enum(['running', 'untouched', 'never'], { message: '撤回规则不正确' }).optional(),
});
export type FlowGraph = z.infer<typeof flowGraph>;

/** POST /api/flow/definitions (admin): a new version of a process; the graph is checked before it is stored. */
export const saveDefinitionBody = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_-]{1,39}$/, '流程编码只能包含小写字母、数字、下划线和短横线'),
  category: z.string().trim().min(1, '请填写流程分类').max(20),
  name: z.string().trim().min(1, '请填写流程名称').max(40),
  icon: z.string().max(40).default(''),
  isDocument: z.boolean().default(false),
  formSchema: z.array(formField).min(1, '表单至少需要一个字段').max(60),
  graph: flowGraph,
});
export type SaveDefinitionBody = z.input<typeof saveDefinitionBody>;
