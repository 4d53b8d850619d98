import type { FlowGraph, FormField } from '@contract/flow';
import { demoDicts } from './dict-data';
import { demoId } from './demo-ids';

const options = (dict: string) => demoDicts[dict]![1].map(([label, value]) => ({ label, value }));
const user = (username: string) => demoId(`user:${username}`);

export interface DemoDefinition {
  code: string;
  category: string;
  name: string;
  icon: string;
  isDocument?: boolean;
  formSchema: FormField[];
  graph: FlowGraph;
}

/** The demo catalogue: six processes that exercise every node kind of the engine. */
export const demoDefinitions: DemoDefinition[] = [
  {
    code: 'leave',
    category: '人事',
    name: '请假',
    icon: 'leave',
    formSchema: [
      {
        key: 'leaveType',
        label: '请假类型',
        type: 'select',
        required: true,
        dict: 'leave_type',
        options: options('leave_type'),
      },
      { key: 'period', label: '请假时间', type: 'daterange', required: true },
      // filled in from the dates as they are picked (working days), checked again by the server
      {
        key: 'days',
        label: '请假天数',
        type: 'number',
        required: true,
        min: 0.5,
        max: 365,
        computed: { kind: 'leaveDays', from: 'period' },
      },
      { key: 'reason', label: '请假事由', type: 'textarea', required: true, max: 500 },
      {
        key: 'sickNote',
        label: '病假证明',
        type: 'attachment',
        requiredWhen: { field: 'leaveType', op: '==', value: '2' },
      },
    ],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '发起申请', next: 'dept' },
        {
          id: 'dept',
          type: 'approval',
          name: '部门负责人审批',
          assignee: { type: 'deptHead' },
          signMode: 'any',
          branches: [{ when: { field: 'days', op: '>', value: 3 }, next: 'gm' }],
          next: 'hr-copy',
        },
        {
          id: 'gm',
          type: 'approval',
          name: '总经理审批',
          assignee: { type: 'post', post: 'general_manager' },
          signMode: 'any',
          opinionRequired: true,
          next: 'hr-copy',
        },
        {
          id: 'hr-copy',
          type: 'copy',
          name: '抄送人力资源部',
          copyTo: { type: 'role', role: 'hr_specialist' },
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  },
  {
    code: 'expense',
    category: '财务',
    name: '报销',
    icon: 'expense',
    formSchema: [
      {
        key: 'expenseType',
        label: '报销类型',
        type: 'select',
        required: true,
        dict: 'expense_type',
        options: options('expense_type'),
      },
      { key: 'amount', label: '报销金额', type: 'money', required: true, min: 0.01, max: 1000000 },
      { key: 'occurredOn', label: '发生日期', type: 'date', required: true },
      { key: 'description', label: '费用说明', type: 'textarea', required: true, max: 1000 },
      { key: 'invoices', label: '票据附件', type: 'attachment' },
    ],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '发起申请', next: 'dept' },
        { id: 'dept', type: 'approval', name: '部门负责人审批', assignee: { type: 'deptHead' }, next: 'finance' },
        {
          id: 'finance',
          type: 'approval',
          name: '财务审核',
          assignee: { type: 'users', userIds: [user('yangfan')] },
          opinionRequired: true,
          editableFields: ['amount'],
          branches: [{ when: { field: 'amount', op: '>=', value: 5000 }, next: 'gm' }],
          next: 'end',
        },
        {
          id: 'gm',
          type: 'approval',
          name: '总经理审批',
          assignee: { type: 'post', post: 'general_manager' },
          signMode: 'any',
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  },
  {
    code: 'trip',
    category: '行政',
    name: '出差',
    icon: 'trip',
    formSchema: [
      { key: 'destination', label: '出差地点', type: 'text', required: true, max: 100 },
      { key: 'period', label: '出差时间', type: 'daterange', required: true },
      { key: 'budget', label: '预计费用', type: 'money', min: 0, max: 1000000 },
      { key: 'companions', label: '同行人员', type: 'user' },
      { key: 'reason', label: '出差事由', type: 'textarea', required: true, max: 500 },
    ],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '发起申请', next: 'dept' },
        { id: 'dept', type: 'approval', name: '部门负责人审批', assignee: { type: 'deptHead' }, next: 'end' },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  },
  {
    code: 'seal',
    category: '行政',
    name: '用印',
    icon: 'seal',
    formSchema: [
      {
        key: 'sealType',
        label: '印章类型',
        type: 'select',
        required: true,
        options: [
          { label: '公章', value: 'official' },
          { label: '合同章', value: 'contract' },
          { label: '财务章', value: 'finance' },
        ],
      },
      { key: 'documentName', label: '用印文件', type: 'text', required: true, max: 100 },
      { key: 'copies', label: '用印份数', type: 'number', required: true, min: 1, max: 100 },
      { key: 'reason', label: '用印事由', type: 'textarea', required: true, max: 500 },
      { key: 'sealFiles', label: '待盖章文件', type: 'attachment' },
    ],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '发起申请', next: 'chosen' },
        { id: 'chosen', type: 'approval', name: '审核人审批', assignee: { type: 'chosen' }, next: 'office' },
        // the keeper of the seals signs for every stamp they put on a document
        {
          id: 'office',
          type: 'approval',
          name: '综合管理部盖章',
          assignee: { type: 'users', userIds: [user('lisi')] },
          needSign: true,
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  },
  {
    code: 'purchase',
    category: '财务',
    name: '采购',
    icon: 'purchase',
    formSchema: [
      { key: 'items', label: '采购物品', type: 'textarea', required: true, max: 1000 },
      { key: 'amount', label: '采购金额', type: 'money', required: true, min: 0.01, max: 10000000 },
      { key: 'supplier', label: '供应商', type: 'text', max: 100 },
      { key: 'neededBy', label: '需求日期', type: 'date', required: true },
    ],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '发起申请', next: 'dept' },
        { id: 'dept', type: 'approval', name: '部门负责人审批', assignee: { type: 'deptHead' }, next: 'split' },
        // finance and IT review at the same time; the purchase goes on once both have signed
        { id: 'split', type: 'parallel', name: '并行审核', parallel: ['finance', 'it'] },
        {
          id: 'finance',
          type: 'approval',
          name: '财务审核',
          assignee: { type: 'users', userIds: [user('yangfan')] },
          next: 'join',
        },
        {
          id: 'it',
          type: 'approval',
          name: '信息部审核',
          assignee: { type: 'users', userIds: [user('wuhao')] },
          next: 'join',
        },
        { id: 'join', type: 'join', name: '汇聚', next: 'sign' },
        {
          id: 'sign',
          type: 'approval',
          name: '领导会签',
          assignee: { type: 'users', userIds: [user('chenjianguo'), user('liuyang')] },
          signMode: 'all',
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  },
  {
    code: 'document',
    category: '公文',
    name: '发文',
    icon: 'document',
    isDocument: true,
    formSchema: [
      { key: 'docTitle', label: '文件标题', type: 'text', required: true, max: 100 },
      { key: 'docNo', label: '文号', type: 'text', max: 50 },
      {
        key: 'urgency',
        label: '紧急程度',
        type: 'select',
        required: true,
        dict: 'urgency',
        options: options('urgency'),
      },
      { key: 'content', label: '正文摘要', type: 'textarea', required: true, max: 2000 },
      { key: 'bodyFiles', label: '正文', type: 'attachment' },
    ],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '拟稿', next: 'dept' },
        { id: 'dept', type: 'approval', name: '部门核稿', assignee: { type: 'deptHead' }, next: 'leaders' },
        {
          id: 'leaders',
          type: 'approval',
          name: '领导签发',
          assignee: { type: 'users', userIds: [user('chenjianguo'), user('liuyang')] },
          signMode: 'any',
          opinionRequired: true,
          next: 'circulate',
        },
        {
          id: 'circulate',
          type: 'copy',
          name: '传阅',
          copyTo: { type: 'role', role: 'staff' },
          copyKind: 'copy',
          next: 'receive',
        },
        {
          id: 'receive',
          type: 'copy',
          name: '收文分发',
          copyTo: { type: 'role', role: 'dept_manager' },
          copyKind: 'receive',
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  },
  // 会议 starts this when a room that needs approval is booked: the meeting service names the approver (the room's
  // manager, else the 行政 role) as the `chosen` handler, and its outcome confirms or releases the booking
  {
    code: 'meeting-room',
    category: '行政',
    name: '会议室预约',
    icon: 'meeting',
    formSchema: [
      { key: 'subject', label: '会议主题', type: 'text', required: true, max: 100 },
      { key: 'room', label: '会议室', type: 'text', required: true, max: 100 },
      { key: 'period', label: '会议时间', type: 'text', required: true, max: 100 },
      { key: 'meetingId', label: '会议编号', type: 'text', required: true, max: 40 },
    ],
    graph: {
      nodes: [
        { id: 'start', type: 'start', name: '提交预约', next: 'approve' },
        {
          id: 'approve',
          type: 'approval',
          name: '会议室管理员审批',
          assignee: { type: 'chosen' },
          signMode: 'any',
          next: 'end',
        },
        { id: 'end', type: 'end', name: '结束' },
      ],
    },
  },
];
