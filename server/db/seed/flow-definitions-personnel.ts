import { options, type DemoDefinition } from './flow-definition-kit';

// 人事: 请假, with a computed day count and a certificate required for sick leave.

export const leave: DemoDefinition = {
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
    applicantCc: true,
  },
};
