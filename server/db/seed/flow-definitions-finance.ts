import { options, user, type DemoDefinition } from './flow-definition-kit';

// 财务: 报销 and 采购, with named approvers among the steps.

export const expense: DemoDefinition = {
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
};

export const purchase: DemoDefinition = {
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
};
