import { user, type DemoDefinition } from './flow-definition-kit';

// 行政: 出差, 用印 and the 会议室预约 the meeting module starts.

export const trip: DemoDefinition = {
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
};

export const seal: DemoDefinition = {
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
};

// 会议 starts this when a room that needs approval is booked: the meeting service names the approver (the room's
// manager, else the 行政 role) as the `chosen` handler, and its outcome confirms or releases the booking
export const meetingRoom: DemoDefinition = {
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
};
