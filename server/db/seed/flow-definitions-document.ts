import { options, user, type DemoDefinition } from './flow-definition-kit';

// 公文: 发文, signed by the leaders and then copied round (传阅, 收文分发).

export const documentFlow: DemoDefinition = {
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
};
